//go:build ignore

// Writes the CustomResourceDefinitions deploy-check validates custom resources against, taken
// from the projects' own Go modules (fetched through the Go module proxy) at the versions below,
// with what validation does not read left out: descriptions, printer columns, status.
//
//	cd deploy/check && go run ./crds/update.go
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"
)

// source is one module version and the files of it that hold CRDs (several CRDs a file allowed).
type source struct {
	module string
	files  []string
	// keep only these CRDs of the files (by metadata.name); empty: all of them
	only []string
}

var sources = []source{
	{module: "github.com/prometheus-operator/prometheus-operator@v0.85.0", files: []string{
		"example/prometheus-operator-crd/monitoring.coreos.com_servicemonitors.yaml",
		"example/prometheus-operator-crd/monitoring.coreos.com_podmonitors.yaml",
		"example/prometheus-operator-crd/monitoring.coreos.com_prometheusrules.yaml",
	}},
	{module: "github.com/kedacore/keda/v2@v2.21.0", files: []string{
		"config/crd/bases/keda.sh_scaledobjects.yaml",
		"config/crd/bases/keda.sh_triggerauthentications.yaml",
		"config/crd/bases/keda.sh_clustertriggerauthentications.yaml",
	}},
	{module: "github.com/external-secrets/external-secrets@v1.3.2", files: []string{
		"config/crds/bases/external-secrets.io_externalsecrets.yaml",
		"config/crds/bases/external-secrets.io_secretstores.yaml",
		"config/crds/bases/external-secrets.io_clustersecretstores.yaml",
	}},
	// the standard channel: what a cluster installing the Gateway API by default has
	{module: "sigs.k8s.io/gateway-api@v1.6.3", files: []string{
		"config/crd/standard/gateway.networking.k8s.io_gatewayclasses.yaml",
		"config/crd/standard/gateway.networking.k8s.io_gateways.yaml",
		"config/crd/standard/gateway.networking.k8s.io_httproutes.yaml",
		"config/crd/standard/gateway.networking.k8s.io_grpcroutes.yaml",
		"config/crd/standard/gateway.networking.k8s.io_referencegrants.yaml",
		"config/crd/standard/gateway.networking.k8s.io_backendtlspolicies.yaml",
	}},
	{module: "github.com/envoyproxy/gateway@v1.9.1", files: []string{
		"charts/gateway-crds-helm/templates/generated/gateway.envoyproxy.io_clienttrafficpolicies.yaml",
		"charts/gateway-crds-helm/templates/generated/gateway.envoyproxy.io_backendtrafficpolicies.yaml",
	}},
	{module: "github.com/traefik/traefik/v3@v3.7.13", files: []string{
		"docs/content/reference/dynamic-configuration/kubernetes-crd-definition-v1.yml",
	}, only: []string{"ingressroutes.traefik.io", "middlewares.traefik.io", "serverstransports.traefik.io", "tlsoptions.traefik.io", "traefikservices.traefik.io"}},
	{module: "github.com/cert-manager/cert-manager@v1.21.2", files: []string{
		"deploy/crds/cert-manager.io_certificates.yaml",
		"deploy/crds/cert-manager.io_issuers.yaml",
		"deploy/crds/cert-manager.io_clusterissuers.yaml",
	}},
}

// helm template lines ({{- if ... }}) around some charts' generated CRDs
var helmLine = regexp.MustCompile(`(?m)^\{\{.*\}\}\s*$`)

func main() {
	out := "crds"
	old, _ := filepath.Glob(filepath.Join(out, "*.yaml"))
	for _, f := range old {
		must(os.Remove(f))
	}
	for _, s := range sources {
		dir := download(s.module)
		for _, file := range s.files {
			content, err := os.ReadFile(filepath.Join(dir, file))
			must(err)
			content = helmLine.ReplaceAll(content, nil)
			for _, doc := range bytes.Split(content, []byte("\n---")) {
				var crd map[string]any
				must(yaml.Unmarshal(doc, &crd))
				if crd == nil || crd["kind"] != "CustomResourceDefinition" {
					continue
				}
				name := crd["metadata"].(map[string]any)["name"].(string)
				if len(s.only) > 0 && !contains(s.only, name) {
					continue
				}
				slim, err := yaml.Marshal(trim(crd))
				must(err)
				header := fmt.Sprintf("# %s from %s/%s, trimmed by update.go (descriptions, printer columns and status left out)\n", name, s.module, file)
				must(os.WriteFile(filepath.Join(out, name+".yaml"), append([]byte(header), slim...), 0o644))
				fmt.Println(name)
			}
		}
	}
}

func download(module string) string {
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Stderr = os.Stderr
	raw, err := cmd.Output()
	must(err)
	var info struct{ Dir, Error string }
	must(json.Unmarshal(raw, &info))
	if info.Error != "" {
		must(fmt.Errorf("%s: %s", module, info.Error))
	}
	return info.Dir
}

// trim keeps what the API server's validation reads: group, names, scope and each served
// version's schema, without descriptions or the status.
func trim(crd map[string]any) map[string]any {
	spec := crd["spec"].(map[string]any)
	names := spec["names"].(map[string]any)
	versions := []any{}
	for _, v := range spec["versions"].([]any) {
		version := v.(map[string]any)
		if served, _ := version["served"].(bool); !served {
			continue
		}
		kept := map[string]any{"name": version["name"], "served": true, "storage": version["storage"]}
		if schema, ok := version["schema"].(map[string]any); ok {
			root := stripDescriptions(schema["openAPIV3Schema"]).(map[string]any)
			if props, ok := root["properties"].(map[string]any); ok {
				delete(props, "status")
			}
			kept["schema"] = map[string]any{"openAPIV3Schema": root}
		}
		versions = append(versions, kept)
	}
	sort.SliceStable(versions, func(i, j int) bool {
		return strings.Compare(versions[i].(map[string]any)["name"].(string), versions[j].(map[string]any)["name"].(string)) < 0
	})
	return map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": crd["metadata"].(map[string]any)["name"]},
		"spec": map[string]any{
			"group":    spec["group"],
			"names":    map[string]any{"kind": names["kind"], "listKind": names["listKind"], "plural": names["plural"], "singular": names["singular"]},
			"scope":    spec["scope"],
			"versions": versions,
		},
	}
}

// stripDescriptions drops every schema's description (a string); a property that happens to be
// named "description" is a schema (a map) and stays.
func stripDescriptions(node any) any {
	switch n := node.(type) {
	case map[string]any:
		for k, v := range n {
			if _, isText := v.(string); isText && k == "description" {
				delete(n, k)
				continue
			}
			n[k] = stripDescriptions(v)
		}
	case []any:
		for i, v := range n {
			n[i] = stripDescriptions(v)
		}
	}
	return node
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
