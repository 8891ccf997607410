package service

import (
	"runtime/debug"

	"google.golang.org/grpc/metadata"
)

// VersionHeader is the response header metadata carrying the server's version on every gRPC call.
const VersionHeader = "ashtapada-version"

// BuildVersion is the version recorded in the binary's build information: the main module's
// version when it was built as a versioned module, else the VCS revision ("-dirty" when the tree
// had changes), else "devel".
func BuildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	return rev + dirty
}

// versionMD is the header metadata sent on every call; nil for no version. gRPC copies it into
// each call's header, never writing to it.
func versionMD(v string) metadata.MD {
	if v == "" {
		return nil
	}
	return metadata.Pairs(VersionHeader, v)
}
