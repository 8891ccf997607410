// Package deploy holds the files that run the service: the Kubernetes manifests (k8s), an nginx
// configuration that balances and retries calls across replicas (nginx), and the tests that run
// the built server behind that nginx on loopback. It has no Go API.
package deploy
