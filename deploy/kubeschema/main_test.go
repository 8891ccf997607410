package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// A small OpenAPI v3 document in the form of Kubernetes' api/openapi-spec/v3: kinds carry
// x-kubernetes-group-version-kind, references are wrapped in allOf, one type is recursive.
const spec = `{"components": {"schemas": {
  "io.k8s.api.apps.v1.Widget": {
    "description": "A widget.",
    "type": "object",
    "properties": {
      "apiVersion": {"type": "string"},
      "kind": {"type": "string"},
      "spec": {"allOf": [{"$ref": "#/components/schemas/io.k8s.api.apps.v1.WidgetSpec"}], "default": {}}
    },
    "x-kubernetes-group-version-kind": [{"group": "apps", "kind": "Widget", "version": "v1"}]
  },
  "io.k8s.api.apps.v1.WidgetSpec": {
    "type": "object",
    "required": ["size"],
    "properties": {
      "description": {"type": "string", "description": "a field called description"},
      "size": {"allOf": [{"$ref": "#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString"}]},
      "tree": {"items": {"$ref": "#/components/schemas/io.k8s.api.apps.v1.Node"}, "type": "array"},
      "labels": {"type": "object", "additionalProperties": {"type": "string"}},
      "raw": {"type": "object", "properties": {"a": {"type": "string"}}, "x-kubernetes-preserve-unknown-fields": true}
    }
  },
  "io.k8s.api.apps.v1.Node": {
    "type": "object",
    "properties": {"next": {"$ref": "#/components/schemas/io.k8s.api.apps.v1.Node"}}
  },
  "io.k8s.apimachinery.pkg.util.intstr.IntOrString": {"format": "int-or-string", "oneOf": [{"type": "integer"}, {"type": "string"}]},
  "io.k8s.api.core.v1.Thing": {
    "type": "object",
    "properties": {"kind": {"type": "string"}},
    "x-kubernetes-group-version-kind": [{"group": "", "kind": "Thing", "version": "v1"}]
  },
  "io.k8s.api.rbac.v1.Role": {
    "type": "object",
    "properties": {"kind": {"type": "string"}},
    "x-kubernetes-group-version-kind": [{"group": "rbac.authorization.k8s.io", "kind": "Role", "version": "v1"}]
  }
}}}`

func writeSpec(t *testing.T, doc string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "apis__apps__v1_openapi.json"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func readSchema(t *testing.T, path string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// at follows keys through nested objects.
func at(t *testing.T, m map[string]any, keys ...string) any {
	t.Helper()
	var v any = m
	for _, k := range keys {
		o, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s: not an object at %q", strings.Join(keys, "/"), k)
		}
		v = o[k]
	}
	return v
}

func TestSchemasPerKind(t *testing.T) {
	out := t.TempDir()
	if err := run([]string{"-spec", writeSpec(t, spec), "-kubernetes-version", "v1.2.3", "-out", out, "-loose"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"widget-apps-v1.json", "thing-v1.json", "role-rbac-v1.json"} {
		for _, flavour := range []string{"v1.2.3-standalone-strict", "v1.2.3-standalone"} {
			if _, err := os.Stat(filepath.Join(out, flavour, name)); err != nil {
				t.Error(err)
			}
		}
	}
	entries, _ := os.ReadDir(filepath.Join(out, "v1.2.3-standalone-strict"))
	if len(entries) != 3 {
		t.Errorf("%d schemas, want one per kind (3)", len(entries))
	}

	strict := readSchema(t, filepath.Join(out, "v1.2.3-standalone-strict", "widget-apps-v1.json"))
	if strict["$schema"] != "http://json-schema.org/draft-04/schema#" {
		t.Errorf("$schema %v", strict["$schema"])
	}
	if strict["additionalProperties"] != false {
		t.Errorf("strict root allows unknown fields: %v", strict["additionalProperties"])
	}
	if _, ok := strict["description"]; ok {
		t.Error("descriptions are kept")
	}
	if got := at(t, strict, "properties", "spec", "allOf"); !reflect.DeepEqual(got, []any{map[string]any{"$ref": "#/definitions/io.k8s.api.apps.v1.WidgetSpec"}}) {
		t.Errorf("spec reference %v", got)
	}
	var defs []string
	for k := range at(t, strict, "definitions").(map[string]any) {
		defs = append(defs, k)
	}
	want := []string{"io.k8s.api.apps.v1.Node", "io.k8s.api.apps.v1.WidgetSpec", "io.k8s.apimachinery.pkg.util.intstr.IntOrString"}
	slices.Sort(defs)
	if !slices.Equal(defs, want) {
		t.Errorf("definitions %v, want the schemas reached: %v", defs, want)
	}
	spec := at(t, strict, "definitions", "io.k8s.api.apps.v1.WidgetSpec").(map[string]any)
	if spec["additionalProperties"] != false {
		t.Error("nested strict object allows unknown fields")
	}
	if at(t, spec, "properties", "description", "type") != "string" {
		t.Error("a field named description was dropped")
	}
	if at(t, spec, "properties", "labels", "additionalProperties", "type") != "string" {
		t.Error("a map's value schema was replaced")
	}
	if _, ok := at(t, spec, "properties", "raw").(map[string]any)["additionalProperties"]; ok {
		t.Error("x-kubernetes-preserve-unknown-fields object made strict")
	}
	if !reflect.DeepEqual(spec["required"], []any{"size"}) {
		t.Errorf("required %v", spec["required"])
	}
	if at(t, strict, "definitions", "io.k8s.api.apps.v1.Node", "properties", "next", "$ref") != "#/definitions/io.k8s.api.apps.v1.Node" {
		t.Error("recursive reference not kept as a reference")
	}

	loose := readSchema(t, filepath.Join(out, "v1.2.3-standalone", "widget-apps-v1.json"))
	if _, ok := loose["additionalProperties"]; ok {
		t.Error("loose flavour forbids unknown fields")
	}
}

// A kind that refers back to itself has itself among its definitions, or its references dangle.
func TestRecursiveKind(t *testing.T) {
	doc := `{"components": {"schemas": {"io.k8s.api.x.v1.Tree": {"type": "object",
	  "properties": {"kids": {"type": "array", "items": {"$ref": "#/components/schemas/io.k8s.api.x.v1.Tree"}}},
	  "x-kubernetes-group-version-kind": [{"group": "x.k8s.io", "kind": "Tree", "version": "v1"}]}}}}`
	out := t.TempDir()
	if err := run([]string{"-spec", writeSpec(t, doc), "-kubernetes-version", "1.0.0", "-out", out}, io.Discard); err != nil {
		t.Fatal(err)
	}
	s := readSchema(t, filepath.Join(out, "v1.0.0-standalone-strict", "tree-x-v1.json"))
	if at(t, s, "properties", "kids", "items", "$ref") != "#/definitions/io.k8s.api.x.v1.Tree" {
		t.Errorf("reference %v", at(t, s, "properties", "kids", "items"))
	}
	if at(t, s, "definitions", "io.k8s.api.x.v1.Tree", "type") != "object" {
		t.Error("the kind is not among its own definitions")
	}
}

func TestMissingReference(t *testing.T) {
	doc := `{"components": {"schemas": {"io.k8s.api.x.v1.A": {"type": "object",
	  "properties": {"b": {"$ref": "#/components/schemas/io.k8s.api.x.v1.B"}},
	  "x-kubernetes-group-version-kind": [{"group": "x", "kind": "A", "version": "v1"}]}}}}`
	err := run([]string{"-spec", writeSpec(t, doc), "-kubernetes-version", "1.0.0", "-out", t.TempDir()}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "io.k8s.api.x.v1.B") {
		t.Errorf("err = %v, want the missing schema named", err)
	}
}

func TestUsage(t *testing.T) {
	if err := run([]string{"-out", t.TempDir()}, io.Discard); err == nil {
		t.Error("no -kubernetes-version: no error")
	}
	if err := run([]string{"-spec", t.TempDir(), "-kubernetes-version", "1.0.0", "-out", t.TempDir()}, io.Discard); err == nil {
		t.Error("empty spec directory: no error")
	}
}
