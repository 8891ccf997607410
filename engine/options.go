package engine

import "fmt"

// ResolveOptions checks opts against specs and returns a complete set: every option present,
// defaults filled in. Unknown names, wrong kinds and out-of-range values are errors.
func ResolveOptions(specs []OptionSpec, opts Options) (Options, error) {
	out := make(Options, len(specs))
	for _, s := range specs {
		out[s.Name] = s.Default
	}
	for name, v := range opts {
		spec, ok := findSpec(specs, name)
		if !ok {
			return nil, &OptionError{Name: name, Reason: "unknown option"}
		}
		if v.Kind != spec.Kind {
			return nil, &OptionError{Name: name, Reason: fmt.Sprintf("want a %s value", spec.Kind)}
		}
		switch spec.Kind {
		case OptionInt:
			if v.Int < spec.Min || v.Int > spec.Max {
				return nil, &OptionError{Name: name, Reason: fmt.Sprintf("%d is outside %d..%d", v.Int, spec.Min, spec.Max)}
			}
		case OptionString:
			if len(spec.Allowed) > 0 && !contains(spec.Allowed, v.String) {
				return nil, &OptionError{Name: name, Reason: fmt.Sprintf("%q is not one of %q", Text(v.String), spec.Allowed)}
			}
		}
		out[name] = v
	}
	return out, nil
}

func (k OptionKind) String() string {
	switch k {
	case OptionBool:
		return "bool"
	case OptionInt:
		return "int"
	case OptionString:
		return "string"
	}
	return "unknown"
}

func findSpec(specs []OptionSpec, name string) (OptionSpec, bool) {
	for _, s := range specs {
		if s.Name == name {
			return s, true
		}
	}
	return OptionSpec{}, false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
