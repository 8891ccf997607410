// Package reqlimits holds the bounds on requests that both the service's caps and the JSON
// gateway's decoder apply, so that each is written once.
package reqlimits

// MaxNesting is how deep a request's messages may nest (a google.protobuf.Value can nest without
// end).
const MaxNesting = 32
