package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	psapi "k8s.io/pod-security-admission/api"
	"k8s.io/pod-security-admission/policy"
)

// What the API server refuses in an object that decodes: the rules of its validation (Ingress
// paths, requests above limits, a selector that does not select its own pods, an autoscaler's
// bounds, image pull policies), and Pod Security admission at the restricted level for every
// pod and pod template: a namespace enforcing it refuses the pods a workload's controller makes.
// The messages are the API server's, with the field's path.
func clusterRules(obj runtime.Object) field.ErrorList {
	spec := field.NewPath("spec")
	switch o := obj.(type) {
	case *networkingv1.Ingress:
		return ingressRules(&o.Spec, spec)
	case *appsv1.Deployment:
		return append(workloadSelector(o.Spec.Selector, o.Spec.Template.Labels, spec), podTemplateRules(&o.Spec.Template, spec.Child("template"))...)
	case *appsv1.StatefulSet:
		return append(workloadSelector(o.Spec.Selector, o.Spec.Template.Labels, spec), podTemplateRules(&o.Spec.Template, spec.Child("template"))...)
	case *appsv1.DaemonSet:
		return append(workloadSelector(o.Spec.Selector, o.Spec.Template.Labels, spec), podTemplateRules(&o.Spec.Template, spec.Child("template"))...)
	case *appsv1.ReplicaSet:
		return append(workloadSelector(o.Spec.Selector, o.Spec.Template.Labels, spec), podTemplateRules(&o.Spec.Template, spec.Child("template"))...)
	case *batchv1.Job:
		return podTemplateRules(&o.Spec.Template, spec.Child("template"))
	case *batchv1.CronJob:
		return podTemplateRules(&o.Spec.JobTemplate.Spec.Template, spec.Child("jobTemplate", "spec", "template"))
	case *corev1.Pod:
		return podRules(&o.ObjectMeta, &o.Spec, spec)
	case *corev1.PodTemplate:
		return podTemplateRules(&o.Template, field.NewPath("template"))
	case *corev1.ReplicationController:
		if o.Spec.Template == nil {
			return nil
		}
		errs := podTemplateRules(o.Spec.Template, spec.Child("template"))
		if len(o.Spec.Selector) > 0 && !labels.SelectorFromSet(o.Spec.Selector).Matches(labels.Set(o.Spec.Template.Labels)) {
			errs = append(errs, field.Invalid(spec.Child("template", "metadata", "labels"), o.Spec.Template.Labels, "`selector` does not match template `labels`"))
		}
		return errs
	case *autoscalingv2.HorizontalPodAutoscaler:
		return replicaBounds(o.Spec.MinReplicas, o.Spec.MaxReplicas, spec)
	case *autoscalingv1.HorizontalPodAutoscaler:
		return replicaBounds(o.Spec.MinReplicas, o.Spec.MaxReplicas, spec)
	}
	return nil
}

// ingressRules: every path names its type, and an Exact or Prefix path is a clean absolute one.
func ingressRules(spec *networkingv1.IngressSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	supported := []string{string(networkingv1.PathTypeExact), string(networkingv1.PathTypeImplementationSpecific), string(networkingv1.PathTypePrefix)}
	for i, rule := range spec.Rules {
		if rule.HTTP == nil {
			continue
		}
		pathsPath := fldPath.Child("rules").Index(i).Child("http", "paths")
		if len(rule.HTTP.Paths) == 0 {
			errs = append(errs, field.Required(pathsPath, ""))
		}
		for j, p := range rule.HTTP.Paths {
			at := pathsPath.Index(j)
			if p.PathType == nil {
				errs = append(errs, field.Required(at.Child("pathType"), "pathType must be specified"))
				continue
			}
			switch *p.PathType {
			case networkingv1.PathTypeExact, networkingv1.PathTypePrefix:
				if !strings.HasPrefix(p.Path, "/") {
					errs = append(errs, field.Invalid(at.Child("path"), p.Path, "must be an absolute path"))
					continue
				}
				for _, bad := range []string{"//", "/./", "/../", "%2f", "%2F"} {
					if strings.Contains(p.Path, bad) {
						errs = append(errs, field.Invalid(at.Child("path"), p.Path, fmt.Sprintf("must not contain '%s'", bad)))
					}
				}
				for _, bad := range []string{"/..", "/."} {
					if strings.HasSuffix(p.Path, bad) {
						errs = append(errs, field.Invalid(at.Child("path"), p.Path, fmt.Sprintf("cannot end with '%s'", bad)))
					}
				}
			case networkingv1.PathTypeImplementationSpecific:
				if p.Path != "" && !strings.HasPrefix(p.Path, "/") {
					errs = append(errs, field.Invalid(at.Child("path"), p.Path, "must be an absolute path"))
				}
			default:
				errs = append(errs, field.NotSupported(at.Child("pathType"), *p.PathType, supported))
			}
		}
	}
	return errs
}

// workloadSelector: a workload's selector is required, not empty, and selects its own pods.
func workloadSelector(selector *metav1.LabelSelector, templateLabels map[string]string, spec *field.Path) field.ErrorList {
	if selector == nil {
		return field.ErrorList{field.Required(spec.Child("selector"), "")}
	}
	sel, err := metav1.LabelSelectorAsSelector(selector)
	if err != nil {
		return field.ErrorList{field.Invalid(spec.Child("selector"), selector, err.Error())}
	}
	if sel.Empty() {
		return field.ErrorList{field.Invalid(spec.Child("selector"), selector, "empty selector is invalid for deployment")}
	}
	if !sel.Matches(labels.Set(templateLabels)) {
		return field.ErrorList{field.Invalid(spec.Child("template", "metadata", "labels"), templateLabels, "`selector` does not match template `labels`")}
	}
	return nil
}

// replicaBounds: an autoscaler keeps at least one replica and its maximum is not below its minimum
// (scaling to zero needs the HPAScaleToZero feature gate, off by default).
func replicaBounds(minReplicas *int32, maxReplicas int32, spec *field.Path) field.ErrorList {
	var errs field.ErrorList
	low := int32(1)
	if minReplicas != nil {
		low = *minReplicas
		if low < 1 {
			errs = append(errs, field.Invalid(spec.Child("minReplicas"), low, "must be greater than or equal to 1"))
		}
	}
	if maxReplicas < 1 {
		errs = append(errs, field.Invalid(spec.Child("maxReplicas"), maxReplicas, "must be greater than or equal to 1"))
	}
	if minReplicas != nil && maxReplicas < low {
		errs = append(errs, field.Invalid(spec.Child("maxReplicas"), maxReplicas, "must be greater than or equal to `minReplicas`"))
	}
	return errs
}

func podTemplateRules(template *corev1.PodTemplateSpec, fldPath *field.Path) field.ErrorList {
	return podRules(&template.ObjectMeta, &template.Spec, fldPath.Child("spec"))
}

// the level every pod must meet: the namespaces' pod-security.kubernetes.io/enforce label
var podSecurityLevel = psapi.LevelVersion{Level: psapi.LevelRestricted, Version: psapi.LatestVersion()}

var podSecurity = func() policy.Evaluator {
	evaluator, err := policy.NewEvaluator(policy.DefaultChecks(), nil)
	if err != nil {
		panic(err)
	}
	return evaluator
}()

func podRules(meta *metav1.ObjectMeta, spec *corev1.PodSpec, specPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	pullPolicies := []string{string(corev1.PullAlways), string(corev1.PullIfNotPresent), string(corev1.PullNever)}
	containerRules := func(c *corev1.Container, at *field.Path) {
		if c.ImagePullPolicy != "" && c.ImagePullPolicy != corev1.PullAlways && c.ImagePullPolicy != corev1.PullIfNotPresent && c.ImagePullPolicy != corev1.PullNever {
			errs = append(errs, field.NotSupported(at.Child("imagePullPolicy"), c.ImagePullPolicy, pullPolicies))
		}
		errs = append(errs, requestsWithinLimits(c.Resources, at.Child("resources"))...)
	}
	for i := range spec.InitContainers {
		containerRules(&spec.InitContainers[i], specPath.Child("initContainers").Index(i))
	}
	for i := range spec.Containers {
		containerRules(&spec.Containers[i], specPath.Child("containers").Index(i))
	}
	for i := range spec.EphemeralContainers {
		c := spec.EphemeralContainers[i].EphemeralContainerCommon
		if c.ImagePullPolicy != "" && c.ImagePullPolicy != corev1.PullAlways && c.ImagePullPolicy != corev1.PullIfNotPresent && c.ImagePullPolicy != corev1.PullNever {
			errs = append(errs, field.NotSupported(specPath.Child("ephemeralContainers").Index(i).Child("imagePullPolicy"), c.ImagePullPolicy, pullPolicies))
		}
	}
	if spec.Resources != nil {
		errs = append(errs, requestsWithinLimits(*spec.Resources, specPath.Child("resources"))...)
	}
	// one problem per check that fails, worded as the admission plugin words them
	for _, result := range podSecurity.EvaluatePod(podSecurityLevel, meta, spec) {
		if !result.Allowed {
			errs = append(errs, field.Forbidden(specPath, fmt.Sprintf("violates PodSecurity %q: %s (%s)", podSecurityLevel.String(), result.ForbiddenReason, result.ForbiddenDetail)))
		}
	}
	return errs
}

// requestsWithinLimits: a resource's request may not exceed its limit (cpu, memory,
// ephemeral-storage, hugepages...).
func requestsWithinLimits(resources corev1.ResourceRequirements, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, name := range slices.Sorted(maps.Keys(resources.Requests)) {
		request := resources.Requests[name]
		limit, hasLimit := resources.Limits[name]
		if hasLimit && request.Cmp(limit) > 0 {
			errs = append(errs, field.Invalid(fldPath.Child("requests").Key(string(name)), request.String(), fmt.Sprintf("must be less than or equal to %s limit of %s", name, limit.String())))
		}
	}
	return errs
}
