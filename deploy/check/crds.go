package main

import (
	"context"
	"embed"
	"fmt"
	"path"
	"sync"

	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	structurallisttype "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	apimachineryvalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"sigs.k8s.io/yaml"
)

// The CustomResourceDefinitions of the operators the overlays and components may use (the
// Prometheus Operator, KEDA, External Secrets, the Gateway API, Envoy Gateway, Traefik,
// cert-manager), as published by each project; crds/update.go writes them.
//
//go:embed crds/*.yaml
var crdFiles embed.FS

// customResource is one served version of a CRD, with what the API server builds from it to
// check a custom resource: the structural schema (pruning, defaulting, list types, CEL rules)
// and the OpenAPI validator. Built on first use: most runs meet a few kinds.
type customResource struct {
	namespaced bool
	internal   *apiextensionsinternal.JSONSchemaProps

	once       sync.Once
	structural *structuralschema.Structural
	validator  apiservervalidation.SchemaValidator
	cel        *cel.Validator
	buildErr   error
}

// crdRegistry maps a group/version/kind to its CRD version; read once from the embedded files.
var crdRegistry = sync.OnceValues(func() (map[schema.GroupVersionKind]*customResource, error) {
	registry := map[schema.GroupVersionKind]*customResource{}
	files, err := crdFiles.ReadDir("crds")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		raw, err := crdFiles.ReadFile(path.Join("crds", f.Name()))
		if err != nil {
			return nil, err
		}
		var crd apiextensionsv1.CustomResourceDefinition
		if err := yaml.UnmarshalStrict(raw, &crd); err != nil {
			return nil, fmt.Errorf("crds/%s: %w", f.Name(), err)
		}
		for _, version := range crd.Spec.Versions {
			if !version.Served || version.Schema == nil {
				continue
			}
			internal := &apiextensionsinternal.CustomResourceValidation{}
			if err := apiextensionsv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(version.Schema, internal, nil); err != nil {
				return nil, fmt.Errorf("crds/%s: %w", f.Name(), err)
			}
			gvk := schema.GroupVersionKind{Group: crd.Spec.Group, Version: version.Name, Kind: crd.Spec.Names.Kind}
			registry[gvk] = &customResource{namespaced: crd.Spec.Scope == apiextensionsv1.NamespaceScoped, internal: internal.OpenAPIV3Schema}
		}
	}
	return registry, nil
})

func (c *customResource) build() error {
	c.once.Do(func() {
		if c.structural, c.buildErr = structuralschema.NewStructural(c.internal); c.buildErr != nil {
			return
		}
		if c.validator, _, c.buildErr = apiservervalidation.NewSchemaValidator(c.internal); c.buildErr != nil {
			return
		}
		c.cel = cel.NewValidator(c.structural, true, celconfig.PerCallLimit)
	})
	return c.buildErr
}

// validateCustomResource does to a custom resource what the API server does on create with
// fieldValidation=Strict: unknown fields (metadata's too) are errors, defaults are applied, then
// the schema's types, formats, enums and patterns, the list types and the CEL rules
// (x-kubernetes-validations) are checked. obj is changed (pruned and defaulted).
func validateCustomResource(crd *customResource, obj map[string]any) []string {
	if err := crd.build(); err != nil {
		return []string{fmt.Sprintf("the CRD's schema: %v", err)}
	}
	meta, _, unknownMeta, err := schemaobjectmeta.GetObjectMetaWithOptions(obj, schemaobjectmeta.ObjectMetaOptions{ReturnUnknownFieldPaths: true})
	if err != nil {
		return []string{fmt.Sprintf("metadata: %v", err)}
	}
	var errs field.ErrorList
	unknown := unknownMeta
	unknown = append(unknown, structuralpruning.PruneWithOptions(obj, crd.structural, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true})...)
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(obj, crd.structural)
	if coerceErr, paths := schemaobjectmeta.CoerceWithOptions(nil, obj, crd.structural, false, schemaobjectmeta.CoerceOptions{ReturnUnknownFieldPaths: true}); coerceErr != nil {
		errs = append(errs, coerceErr)
	} else {
		unknown = append(unknown, paths...)
	}
	var problems []string
	for _, p := range unknown {
		// the wording of the API server's strict decoding
		problems = append(problems, fmt.Sprintf("strict decoding error: unknown field %q", p))
	}
	structuraldefaulting.Default(obj, crd.structural)

	if meta != nil {
		errs = append(errs, apimachineryvalidation.ValidateObjectMeta(meta, crd.namespaced, apimachineryvalidation.NameIsDNSSubdomain, field.NewPath("metadata"))...)
	}
	errs = append(errs, apiservervalidation.ValidateCustomResource(nil, obj, crd.validator)...)
	errs = append(errs, schemaobjectmeta.Validate(context.Background(), nil, obj, crd.structural, false)...)
	errs = append(errs, structurallisttype.ValidateListSetsAndMaps(nil, crd.structural, obj)...)
	// as on the API server, the CEL rules run only when no value is missing or of the wrong type
	for _, e := range errs {
		switch e.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong, field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return append(append(problems, describe(errs)...), "some validation rules (x-kubernetes-validations) were not checked because the object was invalid; correct the existing errors to complete validation")
		}
	}
	celErrs, _ := crd.cel.Validate(context.Background(), nil, crd.structural, obj, nil, celconfig.RuntimeCELCostBudget)
	return append(append(problems, describe(errs)...), describe(celErrs)...)
}

// describe writes field errors as the API server does ("spec.x: Invalid value: ...").
func describe(errs field.ErrorList) []string {
	out := make([]string, 0, len(errs))
	for _, e := range errs {
		if e.Field == "" || e.Field == "<nil>" {
			out = append(out, e.ErrorBody())
		} else {
			out = append(out, e.Error())
		}
	}
	return out
}

// customResourceFor is the CRD version of a kind the scheme does not know, or nil.
func customResourceFor(gvk schema.GroupVersionKind) (*customResource, error) {
	registry, err := crdRegistry()
	if err != nil {
		return nil, err
	}
	return registry[gvk], nil
}

// isUnknownKind says whether decoding failed only because the scheme has no such kind.
func isUnknownKind(err error) bool {
	return err != nil && runtime.IsNotRegisteredError(err)
}
