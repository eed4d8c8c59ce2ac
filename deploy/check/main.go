// Command deploy-check validates the deployment files on a machine without a Docker engine
// or a Kubernetes cluster, with the Go libraries the real tools are built on (compose-go,
// kustomize, the API server's types, CRD validation and Pod Security admission, Prometheus's
// rule parser), so CI fails on what `docker compose` or `kubectl apply -k` would refuse:
//
//	deploy-check compose --file <docker-compose.yml> --env-file <file> [--profile <name>]...
//	deploy-check kustomize <overlay-dir> [<overlay-dir>...]
//
// Results go to stdout as JSON (for tests to inspect); problems go to stderr, with exit 1.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/loader"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

const usage = `usage:
  deploy-check compose --file <docker-compose.yml> --env-file <file> [--profile <name>]...
  deploy-check kustomize <overlay-dir> [<overlay-dir>...]`

func main() {
	if len(os.Args) < 2 {
		fail(errors.New(usage))
	}
	var err error
	switch os.Args[1] {
	case "compose":
		err = runCompose(os.Args[2:])
	case "kustomize":
		err = runKustomize(os.Args[2:])
	case "-h", "--help", "help":
		fmt.Println(usage)
		return
	default:
		err = fmt.Errorf("unknown command %q\n%s", os.Args[1], usage)
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// stringList is a flag that may be given several times (--profile a --profile b).
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

// runCompose loads the project as `docker compose --project-name postwright --env-file <file>
// [--profile ...] config --format json` does, except that the process environment is left
// out: interpolation sees only the env file (and COMPOSE_PROFILES when it sets it), so the
// result does not depend on the machine or the shell it runs in.
func runCompose(args []string) error {
	flags := flag.NewFlagSet("compose", flag.ContinueOnError)
	file := flags.String("file", "", "the compose file")
	envFile := flags.String("env-file", "", "the only source of variables for interpolation")
	var profiles stringList
	flags.Var(&profiles, "profile", "a profile to enable (repeatable; default: COMPOSE_PROFILES from the env file)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *file == "" || *envFile == "" || flags.NArg() > 0 {
		return errors.New(usage)
	}

	options, err := cli.NewProjectOptions(
		[]string{*file},
		// the project directory is the compose file's folder, as with `docker compose -f`
		cli.WithWorkingDirectory(filepath.Dir(*file)),
		// no cli.WithOsEnv: reproducible results
		cli.WithEnvFiles(*envFile),
		cli.WithDotEnv,
		// --profile flags win; without them, COMPOSE_PROFILES as read from the env file
		cli.WithDefaultProfiles(profiles...),
		cli.WithName("postwright"),
		// these are the loader's defaults, spelled out because they are the point of the check:
		// ${VAR:?msg} fails, the model is normalized, and references between services,
		// networks and volumes must hold
		cli.WithInterpolation(true),
		cli.WithNormalization(true),
		cli.WithConsistency(true),
		cli.WithResolvedPaths(true),
		cli.WithLoadOptions(func(o *loader.Options) {
			// the compose-spec JSON schema: unknown attributes and wrong types fail
			o.SkipValidation = false
		}),
	)
	if err != nil {
		return err
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		return err
	}
	// the rest of what `docker compose config` does before printing
	project = project.WithoutUnnecessaryResources()
	if project, err = project.WithServicesEnvironmentResolved(true); err != nil {
		return err
	}
	if err = project.CheckContainerNameUnicity(); err != nil {
		return err
	}
	// `docker compose config` then doubles every `$` so its output can be loaded again; this
	// output is read by tests, so values are left as the containers would see them
	out, err := project.MarshalJSON()
	if err != nil {
		return err
	}
	fmt.Println(string(out))
	return nil
}

// runKustomize builds each overlay as `kustomize build` / `kubectl kustomize` does, then
// checks every object as the cluster would on `kubectl apply --server-side`:
//   - decoded strictly into the Kubernetes API types, as the API server does with
//     fieldValidation=Strict: an unknown or duplicate field, a wrong type or a kind neither the
//     scheme nor a known CRD has is an error;
//   - a custom resource of a known operator (crds/) checked against its CRD as the API server
//     does: unknown fields, the schema, the CEL rules;
//   - the API server's validation rules that decoding misses and Pod Security admission at the
//     restricted level (rules.go);
//   - what the operators' webhooks refuse (operators.go), within an object and across the
//     overlay's objects.
//
// Every problem of every overlay is reported, not only the first one, so one run shows
// everything to fix; each line names the overlay, the object and the field.
func runKustomize(dirs []string) error {
	if len(dirs) == 0 {
		return errors.New(usage)
	}
	kustomizer := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	disk := filesys.MakeFsOnDisk()
	decoder := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme.Scheme, scheme.Scheme,
		kjson.SerializerOptions{Yaml: true, Strict: true})

	result := map[string][]json.RawMessage{}
	var problems []string
	for _, dir := range dirs {
		resources, err := kustomizer.Run(disk, dir)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: kustomize build: %v", dir, err))
			continue
		}
		objects := []json.RawMessage{}
		var checked []built
		for _, r := range resources.Resources() {
			where := fmt.Sprintf("%s: %s/%s", dir, r.GetKind(), r.GetName())
			report := func(found []string) {
				for _, p := range found {
					problems = append(problems, fmt.Sprintf("%s: %s", where, p))
				}
			}
			// the object as kustomize emitted it (not re-encoded from the Go types, which
			// would add empty defaults such as status: {})
			raw, err := r.MarshalJSON()
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", where, err))
				continue
			}
			gvk := schema.FromAPIVersionAndKind(r.GetApiVersion(), r.GetKind())
			object := built{where: where, gvk: gvk, name: r.GetName(), namespace: r.GetNamespace()}
			// decoded from YAML, as kubectl sends it: the strict YAML-to-JSON step is what
			// reports duplicate fields (kustomize keeps them). A wrong type ends the decoding
			// of that object, as on the API server, so it hides the object's other problems.
			doc, err := r.AsYAML()
			if err == nil {
				object.typed, _, err = decoder.Decode(doc, nil, nil)
			}
			if isUnknownKind(err) {
				crd, crdErr := customResourceFor(gvk)
				if crdErr != nil {
					return crdErr
				}
				if crd != nil {
					// a copy, with whole numbers as int64 as the API server reads them:
					// validation prunes and defaults it
					if err = utiljson.Unmarshal(raw, &object.data); err == nil {
						report(validateCustomResource(crd, object.data))
						report(customResourceRules(gvk, object.data))
					}
				}
			}
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", where, err))
				continue
			}
			if object.typed != nil {
				report(describe(clusterRules(object.typed)))
				if cm, ok := object.typed.(*corev1.ConfigMap); ok {
					report(dashboardRules(cm))
				}
			}
			checked = append(checked, object)
			objects = append(objects, raw)
		}
		problems = append(problems, crossObjectRules(checked)...)
		result[dir] = objects
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	out, err := json.MarshalIndent(result, "", "  ")
	if err != nil {
		return err
	}
	fmt.Println(string(out))
	return nil
}
