// Command kubeschema turns the Kubernetes OpenAPI v3 documents of one release into the JSON schema
// files kubeconform reads, one per kind, laid out as kubeconform's -schema-location template
// expects:
//
//	OUT/vX.Y.Z-standalone-strict/deployment-apps-v1.json
//
// The documents come from the k8s.io/kubernetes Go module of that release (api/openapi-spec/v3),
// fetched with `go mod download`, so that validation needs only the Go module proxy.
//
//	kubeschema -kubernetes-version 1.34.4 -out DIR [-loose]
//	kubeschema -spec DIR -kubernetes-version 1.34.4 -out DIR
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "kubeschema:", err)
		os.Exit(1)
	}
}

func run(args []string, log io.Writer) error {
	fs := flag.NewFlagSet("kubeschema", flag.ContinueOnError)
	version := fs.String("kubernetes-version", "", "Kubernetes release, such as 1.34.4 (required)")
	spec := fs.String("spec", "", "directory of OpenAPI v3 documents; default: api/openapi-spec/v3 of the k8s.io/kubernetes module of that release")
	out := fs.String("out", "", "output directory (required)")
	loose := fs.Bool("loose", false, "also write the non-strict flavour (vX.Y.Z-standalone), which allows unknown fields")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *version == "" || *out == "" || fs.NArg() > 0 {
		return errors.New("usage: kubeschema -kubernetes-version X.Y.Z -out DIR [-spec DIR] [-loose]")
	}
	*version = strings.TrimPrefix(*version, "v")
	if *spec == "" {
		dir, err := moduleDir("k8s.io/kubernetes@v" + *version)
		if err != nil {
			return err
		}
		*spec = filepath.Join(dir, "api", "openapi-spec", "v3")
	}
	defs, err := loadSpec(*spec)
	if err != nil {
		return err
	}
	flavours := []bool{true}
	if *loose {
		flavours = append(flavours, false)
	}
	for _, strict := range flavours {
		dir := filepath.Join(*out, "v"+*version+"-standalone")
		if strict {
			dir += "-strict"
		}
		n, err := writeSchemas(defs, dir, strict, log)
		if err != nil {
			return err
		}
		fmt.Fprintf(log, "kubeschema: %d schemas in %s\n", n, dir)
	}
	return nil
}

// moduleDir downloads a module version through the Go module proxy (checked against the checksum
// database like any dependency) and returns the directory it was extracted to.
func moduleDir(modVersion string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", modVersion)
	// Outside any module, so that no go.mod or go.work is read or changed.
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	outb, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(outb, &info); jerr == nil && info.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", modVersion, info.Error)
	}
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %v: %s", modVersion, err, stderr.String())
	}
	if info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no directory in %q", modVersion, outb)
	}
	return info.Dir, nil
}

// loadSpec reads components.schemas from every OpenAPI v3 document in dir. A schema named in
// several documents (ObjectMeta, in all of them) is the same in each, so the first is kept.
func loadSpec(dir string) (map[string]map[string]any, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no OpenAPI documents (*.json) in %s", dir)
	}
	sort.Strings(files)
	defs := map[string]map[string]any{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var doc struct {
			Components struct {
				Schemas map[string]map[string]any `json:"schemas"`
			} `json:"components"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for name, s := range doc.Components.Schemas {
			if _, ok := defs[name]; !ok {
				defs[name] = s
			}
		}
	}
	return defs, nil
}

const refPrefix = "#/components/schemas/"

type gvk struct{ Group, Version, Kind string }

// kindsOf returns the group-version-kinds a schema is the top-level object of.
func kindsOf(s map[string]any) []gvk {
	list, _ := s["x-kubernetes-group-version-kind"].([]any)
	var out []gvk
	for _, x := range list {
		m, _ := x.(map[string]any)
		g, _ := m["group"].(string)
		v, _ := m["version"].(string)
		k, _ := m["kind"].(string)
		if v != "" && k != "" {
			out = append(out, gvk{g, v, k})
		}
	}
	return out
}

// fileName is the name kubeconform looks for: {{ .ResourceKind }}{{ .KindSuffix }}.json, the kind
// in lower case, then the group's first label and the version.
func fileName(k gvk) string {
	suffix := "-" + strings.ToLower(k.Version)
	if k.Group != "" {
		suffix = "-" + strings.ToLower(strings.Split(k.Group, ".")[0]) + suffix
	}
	return strings.ToLower(k.Kind) + suffix + ".json"
}

// writeSchemas writes one standalone schema per group-version-kind into dir and returns how many.
func writeSchemas(defs map[string]map[string]any, dir string, strict bool, log io.Writer) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	names := make([]string, 0, len(defs))
	for name := range defs {
		names = append(names, name)
	}
	sort.Strings(names)
	written := map[string]string{}
	for _, name := range names {
		for _, k := range kindsOf(defs[name]) {
			file := fileName(k)
			if prev, ok := written[file]; ok {
				// Two groups whose first labels agree; kubeconform could not tell them apart either.
				if prev != name {
					fmt.Fprintf(log, "kubeschema: %s: keeping %s, not %s\n", file, prev, name)
				}
				continue
			}
			doc, err := standalone(defs, name, strict)
			if err != nil {
				return 0, fmt.Errorf("%s: %w", name, err)
			}
			b, err := json.Marshal(doc)
			if err != nil {
				return 0, err
			}
			if err := os.WriteFile(filepath.Join(dir, file), b, 0o644); err != nil {
				return 0, err
			}
			written[file] = name
		}
	}
	return len(written), nil
}

// standalone is the schema of name as one document: the schema itself at the root and every
// schema it reaches under "definitions", with the references pointing there. Definitions rather
// than inlining keep recursive types (JSONSchemaProps) finite.
func standalone(defs map[string]map[string]any, name string, strict bool) (map[string]any, error) {
	reached := map[string]bool{name: true}
	queue := []string{name}
	var missing []string
	self := false
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		walkRefs(defs[n], func(ref string) {
			if ref == name {
				self = true
			}
			if reached[ref] {
				return
			}
			reached[ref] = true
			if _, ok := defs[ref]; !ok {
				missing = append(missing, ref)
				return
			}
			queue = append(queue, ref)
		})
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, fmt.Errorf("references schemas not in the documents: %s", strings.Join(missing, ", "))
	}
	root := convert(defs[name], strict).(map[string]any)
	definitions := map[string]any{}
	for n := range reached {
		// The root is a definition too only when a schema refers back to it (a recursive kind).
		if n != name || self {
			definitions[n] = convert(defs[n], strict)
		}
	}
	// Kubeconform compiles schemas without a $schema as draft 4; saying so keeps that explicit.
	root["$schema"] = "http://json-schema.org/draft-04/schema#"
	if len(definitions) > 0 {
		root["definitions"] = definitions
	}
	return root, nil
}

// walkRefs calls f with the name of every schema that v references.
func walkRefs(v any, f func(string)) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && k == "$ref" && strings.HasPrefix(s, refPrefix) {
				f(strings.TrimPrefix(s, refPrefix))
				continue
			}
			walkRefs(e, f)
		}
	case []any:
		for _, e := range x {
			walkRefs(e, f)
		}
	}
}

// convert copies an OpenAPI schema into JSON schema draft 4: references point into definitions,
// descriptions are dropped (they would make every file carry the whole API's documentation), and
// in strict mode an object with properties allows no others, as the API server's strict field
// validation does.
func convert(v any, strict bool) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			switch k {
			case "description":
				continue
			case "$ref":
				if s, ok := e.(string); ok && strings.HasPrefix(s, refPrefix) {
					out[k] = "#/definitions/" + strings.TrimPrefix(s, refPrefix)
					continue
				}
			case "properties":
				// Keys here are field names, not keywords: a field may be called "description".
				props, _ := e.(map[string]any)
				cp := make(map[string]any, len(props))
				for name, p := range props {
					cp[name] = convert(p, strict)
				}
				out[k] = cp
				continue
			}
			out[k] = convert(e, strict)
		}
		if _, ok := x["properties"]; ok && strict {
			if _, set := x["additionalProperties"]; !set && x["x-kubernetes-preserve-unknown-fields"] != true {
				out["additionalProperties"] = false
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = convert(e, strict)
		}
		return out
	}
	return v
}
