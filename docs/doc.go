// Package docs holds the project's documentation. It has no code: its test runs the examples of
// README.md and docs/**/*.md against a real server and fails when one of them no longer shows what
// the server answers (see examples_test.go for how examples and their output are written).
package docs
