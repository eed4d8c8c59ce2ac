package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/prometheus/common/model"
	"github.com/prometheus/prometheus/model/rulefmt"
	"github.com/prometheus/prometheus/promql/parser"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

// What the operators' admission webhooks refuse, and what their controllers would choke on, for
// the custom resources the components use: the Prometheus Operator parses every rule as
// Prometheus does; KEDA refuses a ScaledObject whose bounds are crossed, whose workload an
// autoscaler already scales, or whose cpu/memory trigger finds a container without that request.
// Grafana dashboards (ConfigMaps labelled grafana_dashboard, what Grafana's sidecar loads) must be
// JSON whose queries parse as PromQL.

// built is one object of an overlay, as the cross-object rules see it.
type built struct {
	where     string
	gvk       schema.GroupVersionKind
	name      string
	namespace string
	typed     runtime.Object // a built-in kind, decoded
	data      map[string]any // a custom resource, pruned and defaulted
}

// customResourceRules checks one custom resource beyond its CRD's schema.
func customResourceRules(gvk schema.GroupVersionKind, data map[string]any) []string {
	switch {
	case gvk.Group == "monitoring.coreos.com" && gvk.Kind == "PrometheusRule":
		return prometheusRules(data)
	case gvk.Group == "keda.sh" && gvk.Kind == "ScaledObject":
		return scaledObjectRules(data)
	}
	return nil
}

// prometheusRules is the Prometheus Operator's ValidateRule: the spec read by Prometheus's own
// rule file parser (expressions, durations, label names, annotation templates).
func prometheusRules(data map[string]any) []string {
	spec, _ := data["spec"].(map[string]any)
	groups, _ := spec["groups"].([]any)
	for _, g := range groups {
		if group, ok := g.(map[string]any); ok {
			// Thanos's field, which Prometheus's parser does not know
			delete(group, "partial_response_strategy")
		}
	}
	content, err := yaml.Marshal(spec)
	if err != nil {
		return []string{fmt.Sprintf("spec: %v", err)}
	}
	_, errs := rulefmt.Parse(content, false, model.UTF8Validation)
	var problems []string
	for _, e := range errs {
		problems = append(problems, fmt.Sprintf("spec.groups: %v", e))
	}
	return problems
}

// scaledObjectRules is KEDA's webhook on one ScaledObject beyond its CRD's rules (which compare
// the minimum and maximum): the idle count and the triggers.
func scaledObjectRules(data map[string]any) []string {
	var problems []string
	spec, _ := data["spec"].(map[string]any)
	low, hasLow := number(spec["minReplicaCount"])
	if !hasLow {
		low = 0
	}
	if idle, ok := number(spec["idleReplicaCount"]); ok && idle >= low {
		problems = append(problems, fmt.Sprintf("spec.idleReplicaCount: IdleReplicaCount=%d must be less than MinReplicaCount=%d", idle, low))
	}
	triggers, _ := spec["triggers"].([]any)
	if len(triggers) == 0 {
		problems = append(problems, "spec.triggers: no triggers defined in the ScaledObject/ScaledJob")
	}
	seen := map[string]bool{}
	for i, t := range triggers {
		trigger, _ := t.(map[string]any)
		if name, _ := trigger["name"].(string); name != "" {
			if seen[name] {
				problems = append(problems, fmt.Sprintf("spec.triggers[%d].name: triggerName %q is defined multiple times in the ScaledObject/ScaledJob, but it must be unique", i, name))
			}
			seen[name] = true
		}
	}
	return problems
}

func number(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case float64:
		return int64(n), true
	case int:
		return int64(n), true
	}
	return 0, false
}

// scaleTarget is a workload an autoscaler scales.
type scaleTarget struct{ namespace, kind, name string }

// crossObjectRules checks the objects of one overlay against each other where an operator's
// webhook does: KEDA's ScaledObjects against the HorizontalPodAutoscalers and workloads.
func crossObjectRules(objects []built) []string {
	var problems []string
	hpas := map[scaleTarget][]string{}
	workloads := map[scaleTarget]*corev1.PodSpec{}
	for _, o := range objects {
		switch typed := o.typed.(type) {
		case *autoscalingv2.HorizontalPodAutoscaler:
			ref := typed.Spec.ScaleTargetRef
			hpas[scaleTarget{o.namespace, ref.Kind, ref.Name}] = append(hpas[scaleTarget{o.namespace, ref.Kind, ref.Name}], o.name)
		case *autoscalingv1.HorizontalPodAutoscaler:
			ref := typed.Spec.ScaleTargetRef
			hpas[scaleTarget{o.namespace, ref.Kind, ref.Name}] = append(hpas[scaleTarget{o.namespace, ref.Kind, ref.Name}], o.name)
		case *appsv1.Deployment:
			workloads[scaleTarget{o.namespace, "Deployment", o.name}] = &typed.Spec.Template.Spec
		case *appsv1.StatefulSet:
			workloads[scaleTarget{o.namespace, "StatefulSet", o.name}] = &typed.Spec.Template.Spec
		}
	}
	scaledBy := map[scaleTarget]string{}
	for _, o := range objects {
		if o.gvk.Group != "keda.sh" || o.gvk.Kind != "ScaledObject" || o.data == nil {
			continue
		}
		spec, _ := o.data["spec"].(map[string]any)
		ref, _ := spec["scaleTargetRef"].(map[string]any)
		kind, _ := ref["kind"].(string)
		if kind == "" {
			kind = "Deployment"
		}
		name, _ := ref["name"].(string)
		target := scaleTarget{o.namespace, kind, name}
		for _, hpa := range hpas[target] {
			problems = append(problems, fmt.Sprintf("%s: spec.scaleTargetRef: the workload '%s' of kind %s is already managed by the hpa '%s' (delete that HorizontalPodAutoscaler: KEDA makes its own)", o.where, name, kind, hpa))
		}
		if other, ok := scaledBy[target]; ok {
			problems = append(problems, fmt.Sprintf("%s: spec.scaleTargetRef: the workload '%s' of kind %s is already managed by the ScaledObject '%s'", o.where, name, kind, other))
		}
		scaledBy[target] = o.name
		pod := workloads[target]
		if pod == nil {
			continue
		}
		triggers, _ := spec["triggers"].([]any)
		for i, t := range triggers {
			trigger, _ := t.(map[string]any)
			resource, _ := trigger["type"].(string)
			if resource != "cpu" && resource != "memory" {
				continue
			}
			metadata, _ := trigger["metadata"].(map[string]any)
			only, _ := metadata["containerName"].(string)
			for _, c := range pod.Containers {
				if only != "" && c.Name != only {
					continue
				}
				_, requested := c.Resources.Requests[corev1.ResourceName(resource)]
				_, limited := c.Resources.Limits[corev1.ResourceName(resource)]
				if !requested && !limited {
					problems = append(problems, fmt.Sprintf("%s: spec.triggers[%d]: the scaledobject has a %s trigger but the container %s doesn't have the %s request defined", o.where, i, resource, c.Name, resource))
				}
			}
		}
	}
	return problems
}

// Grafana's variables in a query: $__rate_interval, ${namespace}, ${job:regex}, [[var]]
var (
	grafanaInterval = regexp.MustCompile(`\$\{?__(rate_interval|interval|range)(_ms|_s)?\}?`)
	grafanaVariable = regexp.MustCompile(`\$\{[A-Za-z0-9_]+(:[A-Za-z]+)?\}|\$[A-Za-z_][A-Za-z0-9_]*|\[\[[A-Za-z0-9_]+\]\]`)
)

// dashboardRules: each dashboard of a ConfigMap that Grafana's sidecar loads is JSON, and every
// Prometheus query in it parses once Grafana's variables are given values.
func dashboardRules(cm *corev1.ConfigMap) []string {
	if _, ok := cm.Labels["grafana_dashboard"]; !ok {
		return nil
	}
	var problems []string
	keys := make([]string, 0, len(cm.Data))
	for key := range cm.Data {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		if !strings.HasSuffix(key, ".json") {
			continue
		}
		var dashboard struct {
			Title  string  `json:"title"`
			Panels []panel `json:"panels"`
		}
		if err := json.Unmarshal([]byte(cm.Data[key]), &dashboard); err != nil {
			problems = append(problems, fmt.Sprintf("data[%s]: not a dashboard's JSON: %v", key, err))
			continue
		}
		if dashboard.Title == "" {
			problems = append(problems, fmt.Sprintf("data[%s]: the dashboard has no title", key))
		}
		var visit func(panels []panel, at string)
		visit = func(panels []panel, at string) {
			for i, p := range panels {
				where := fmt.Sprintf("%s[%d]", at, i)
				for j, t := range p.Targets {
					if t.Expr == "" {
						continue
					}
					expr := grafanaInterval.ReplaceAllString(t.Expr, "5m")
					expr = grafanaVariable.ReplaceAllString(expr, "x")
					if _, err := parser.ParseExpr(expr); err != nil {
						problems = append(problems, fmt.Sprintf("data[%s]: %s %q targets[%d].expr: %v", key, where, p.Title, j, err))
					}
				}
				visit(p.Panels, where+".panels")
			}
		}
		visit(dashboard.Panels, "panels")
	}
	return problems
}

type panel struct {
	Title   string  `json:"title"`
	Panels  []panel `json:"panels"`
	Targets []struct {
		Expr string `json:"expr"`
	} `json:"targets"`
}
