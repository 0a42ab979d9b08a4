// Command render renders a Helm chart as `helm template` would, without Helm: Go's text/template with the sprig
// functions (Helm's template language) plus Helm's own functions (include, tpl, required, fail, toYaml, fromYaml,
// toJson, fromJson, lookup). Values are the chart's values.yaml deep-merged with --values files and --set-json
// objects (a null removes a key, as in Helm), then validated against values.schema.json when the chart has one.
//
// Built by test/helm/chart.spec.ts with Debian's Go and sprig: GO111MODULE=off GOPATH=/usr/share/gocode.
//
//	render --chart helm/ops-console [--name r] [--namespace ns] [--values f.yaml]... [--set-json '{"a":1}']...
//	       [--upgrade] [--kube-version v1.32.0] [--api-versions a/v1,b/v1] [--json]
//
// Output: the manifest (documents each headed by `# Source: <chart>/templates/<file>`), or with --json an object
// {"manifest": "...", "notes": "..."}. Errors go to stderr with exit status 1.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/ioutil"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"text/template"

	"github.com/Masterminds/semver"
	"github.com/Masterminds/sprig"
	yaml "gopkg.in/yaml.v2"
)

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// ChartMeta is .Chart: the fields of Chart.yaml a template reads.
type ChartMeta struct {
	APIVersion  string `yaml:"apiVersion"`
	Name        string `yaml:"name"`
	Version     string `yaml:"version"`
	AppVersion  string `yaml:"appVersion"`
	KubeVersion string `yaml:"kubeVersion"`
	Description string `yaml:"description"`
	Type        string `yaml:"type"`
}

// Release is .Release.
type Release struct {
	Name      string
	Namespace string
	Service   string
	IsInstall bool
	IsUpgrade bool
	Revision  int
}

// KubeVersion is .Capabilities.KubeVersion.
type KubeVersion struct {
	Version    string
	Major      string
	Minor      string
	GitVersion string
}

func (k KubeVersion) String() string { return k.Version }

// VersionSet is .Capabilities.APIVersions.
type VersionSet []string

// Has reports whether an apiVersion (`policy/v1`) or apiVersion/Kind (`policy/v1/PodDisruptionBudget`) is served.
func (v VersionSet) Has(apiVersion string) bool {
	for _, x := range v {
		if x == apiVersion {
			return true
		}
	}
	return false
}

// Capabilities is .Capabilities.
type Capabilities struct {
	KubeVersion KubeVersion
	APIVersions VersionSet
}

// TemplateInfo is .Template.
type TemplateInfo struct {
	Name     string
	BasePath string
}

// The API versions of a v1.32 cluster that charts commonly ask about (plus kind-qualified forms Helm also answers).
var defaultAPIVersions = []string{
	"v1", "apps/v1", "batch/v1", "policy/v1", "autoscaling/v1", "autoscaling/v2", "networking.k8s.io/v1",
	"rbac.authorization.k8s.io/v1", "storage.k8s.io/v1", "apiextensions.k8s.io/v1", "coordination.k8s.io/v1",
	"discovery.k8s.io/v1", "events.k8s.io/v1", "scheduling.k8s.io/v1", "admissionregistration.k8s.io/v1",
	"policy/v1/PodDisruptionBudget", "autoscaling/v2/HorizontalPodAutoscaler", "networking.k8s.io/v1/Ingress",
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "Error: %s\n", err)
		os.Exit(1)
	}
}

func run() error {
	var valueFiles, setJSON multiFlag
	chartDir := flag.String("chart", "", "the chart's folder")
	name := flag.String("name", "release-name", "release name")
	namespace := flag.String("namespace", "default", "release namespace")
	upgrade := flag.Bool("upgrade", false, "render as an upgrade (.Release.IsUpgrade)")
	kubeVersion := flag.String("kube-version", "v1.32.0", "the cluster's version (.Capabilities.KubeVersion)")
	apiVersions := flag.String("api-versions", "", "extra API versions, comma separated (.Capabilities.APIVersions)")
	asJSON := flag.Bool("json", false, "print {manifest, notes} as JSON")
	flag.Var(&valueFiles, "values", "a values file merged over values.yaml (repeatable)")
	flag.Var(&setJSON, "set-json", "a JSON object merged over the values (repeatable)")
	flag.Parse()
	if *chartDir == "" {
		return errors.New("--chart is required")
	}

	chart, err := readChart(*chartDir)
	if err != nil {
		return err
	}
	values, err := readValuesFile(filepath.Join(*chartDir, "values.yaml"), true)
	if err != nil {
		return err
	}
	for _, file := range valueFiles {
		override, err := readValuesFile(file, false)
		if err != nil {
			return err
		}
		values = mergeValues(values, override)
	}
	for _, text := range setJSON {
		var override map[string]interface{}
		if err := json.Unmarshal([]byte(text), &override); err != nil {
			return fmt.Errorf("--set-json %q: %s", text, err)
		}
		values = mergeValues(values, override)
	}
	if err := validateAgainstSchema(*chartDir, chart.Name, values); err != nil {
		return err
	}

	kv, err := semver.NewVersion(*kubeVersion)
	if err != nil {
		return fmt.Errorf("--kube-version %q: %s", *kubeVersion, err)
	}
	if chart.KubeVersion != "" {
		constraint, err := semver.NewConstraint(chart.KubeVersion)
		if err != nil {
			return fmt.Errorf("Chart.yaml kubeVersion %q: %s", chart.KubeVersion, err)
		}
		if !constraint.Check(kv) {
			return fmt.Errorf("chart requires kubeVersion: %s which is incompatible with Kubernetes %s", chart.KubeVersion, *kubeVersion)
		}
	}
	versions := append(VersionSet{}, defaultAPIVersions...)
	for _, v := range strings.Split(*apiVersions, ",") {
		if v = strings.TrimSpace(v); v != "" {
			versions = append(versions, v)
		}
	}
	top := map[string]interface{}{
		"Values":  values,
		"Chart":   chart,
		"Release": Release{Name: *name, Namespace: *namespace, Service: "Helm", IsInstall: !*upgrade, IsUpgrade: *upgrade, Revision: map[bool]int{true: 2, false: 1}[*upgrade]},
		"Capabilities": Capabilities{
			KubeVersion: KubeVersion{Version: "v" + kv.String(), Major: fmt.Sprint(kv.Major()), Minor: fmt.Sprint(kv.Minor()), GitVersion: "v" + kv.String()},
			APIVersions: versions,
		},
		"Files": Files{dir: *chartDir},
	}

	manifest, notes, err := renderChart(*chartDir, chart.Name, top)
	if err != nil {
		return err
	}
	if *asJSON {
		out, _ := json.Marshal(map[string]string{"manifest": manifest, "notes": notes})
		fmt.Println(string(out))
		return nil
	}
	fmt.Print(manifest)
	return nil
}

// Files is .Files: Get and Glob-free access to the chart's own files.
type Files struct{ dir string }

// Get answers a chart file's text, or "" when it is not there (as Helm does).
func (f Files) Get(name string) string {
	data, err := ioutil.ReadFile(filepath.Join(f.dir, filepath.Clean("/"+name)))
	if err != nil {
		return ""
	}
	return string(data)
}

func readChart(dir string) (ChartMeta, error) {
	var chart ChartMeta
	data, err := ioutil.ReadFile(filepath.Join(dir, "Chart.yaml"))
	if err != nil {
		return chart, err
	}
	if err := yaml.Unmarshal(data, &chart); err != nil {
		return chart, fmt.Errorf("Chart.yaml: %s", err)
	}
	if chart.APIVersion != "v2" {
		return chart, fmt.Errorf("Chart.yaml: apiVersion must be v2, got %q", chart.APIVersion)
	}
	if chart.Name == "" || chart.Version == "" {
		return chart, errors.New("Chart.yaml: name and version are required")
	}
	if _, err := semver.StrictNewVersion(chart.Version); err != nil {
		return chart, fmt.Errorf("Chart.yaml: version %q is not SemVer 2: %s", chart.Version, err)
	}
	return chart, nil
}

// readValuesFile parses YAML the way Helm does (through JSON: numbers are float64, maps map[string]interface{}).
func readValuesFile(path string, optional bool) (map[string]interface{}, error) {
	data, err := ioutil.ReadFile(path)
	if err != nil {
		if optional && os.IsNotExist(err) {
			return map[string]interface{}{}, nil
		}
		return nil, err
	}
	parsed, err := yamlToJSONValue(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", path, err)
	}
	if parsed == nil {
		return map[string]interface{}{}, nil
	}
	m, ok := parsed.(map[string]interface{})
	if !ok {
		return nil, fmt.Errorf("%s: values must be a mapping", path)
	}
	return m, nil
}

// yamlToJSONValue: YAML → plain JSON value (what sigs.k8s.io/yaml, which Helm uses, produces).
func yamlToJSONValue(data []byte) (interface{}, error) {
	var raw interface{}
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	converted, err := toJSONCompatible(raw)
	if err != nil {
		return nil, err
	}
	encoded, err := json.Marshal(converted)
	if err != nil {
		return nil, err
	}
	var out interface{}
	err = json.Unmarshal(encoded, &out)
	return out, err
}

func toJSONCompatible(v interface{}) (interface{}, error) {
	switch t := v.(type) {
	case map[interface{}]interface{}:
		m := make(map[string]interface{}, len(t))
		for k, val := range t {
			key, ok := k.(string)
			if !ok {
				key = fmt.Sprint(k)
			}
			c, err := toJSONCompatible(val)
			if err != nil {
				return nil, err
			}
			m[key] = c
		}
		return m, nil
	case []interface{}:
		out := make([]interface{}, len(t))
		for i, val := range t {
			c, err := toJSONCompatible(val)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	default:
		return v, nil
	}
}

// mergeValues deep-merges override over base: maps merge, anything else replaces, a null deletes the key.
func mergeValues(base, override map[string]interface{}) map[string]interface{} {
	out := make(map[string]interface{}, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range override {
		if v == nil {
			delete(out, k)
			continue
		}
		if ov, ok := v.(map[string]interface{}); ok {
			if bv, ok := out[k].(map[string]interface{}); ok {
				out[k] = mergeValues(bv, ov)
				continue
			}
		}
		out[k] = v
	}
	return out
}

func toYAML(v interface{}) string {
	// As sigs.k8s.io/yaml: through JSON (keys sorted), then YAML; the trailing newline trimmed (Helm's toYaml).
	encoded, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	var generic interface{}
	if err := yaml.Unmarshal(encoded, &generic); err != nil {
		return ""
	}
	out, err := yaml.Marshal(generic)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(out), "\n")
}

func fromYAML(text string) map[string]interface{} {
	parsed, err := yamlToJSONValue([]byte(text))
	if err != nil {
		return map[string]interface{}{"Error": err.Error()}
	}
	m, ok := parsed.(map[string]interface{})
	if !ok {
		return map[string]interface{}{}
	}
	return m
}

func toJSON(v interface{}) string {
	out, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(out)
}

func fromJSON(text string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

var docSeparator = regexp.MustCompile(`(?m)^---[ \t]*$\n?`)

func renderChart(dir, chartName string, top map[string]interface{}) (string, string, error) {
	templatesDir := filepath.Join(dir, "templates")
	var files []string
	err := filepath.Walk(templatesDir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if !info.IsDir() {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return "", "", err
	}
	sort.Strings(files)

	root := template.New("gotpl")
	root.Option("missingkey=zero")
	funcs := sprig.TxtFuncMap()
	// Helm leaves these out of its function map (no reading the renderer's environment).
	delete(funcs, "env")
	delete(funcs, "expandenv")
	includedNames := map[string]int{}
	funcs["include"] = func(name string, data interface{}) (string, error) {
		if includedNames[name] > 1000 {
			return "", fmt.Errorf("rendering template has a nested reference name: %s", name)
		}
		includedNames[name]++
		defer func() { includedNames[name]-- }()
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			return "", err
		}
		return buf.String(), nil
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		t, err := root.Clone()
		if err != nil {
			return "", err
		}
		t, err = t.New("tpl").Option("missingkey=zero").Parse(text)
		if err != nil {
			return "", fmt.Errorf("cannot parse template %q: %s", text, err)
		}
		var buf bytes.Buffer
		if err := t.Execute(&buf, data); err != nil {
			return "", fmt.Errorf("error during tpl function execution for %q: %s", text, err)
		}
		return strings.Replace(buf.String(), "<no value>", "", -1), nil
	}
	funcs["required"] = func(msg string, v interface{}) (interface{}, error) {
		if v == nil {
			return v, errors.New(msg)
		}
		if s, ok := v.(string); ok && s == "" {
			return v, errors.New(msg)
		}
		return v, nil
	}
	funcs["fail"] = func(msg string) (string, error) { return "", errors.New(msg) }
	funcs["toYaml"] = toYAML
	funcs["fromYaml"] = fromYAML
	funcs["toJson"] = toJSON
	funcs["fromJson"] = fromJSON
	// `helm template` has no cluster: lookup answers an empty object.
	funcs["lookup"] = func(apiVersion, kind, namespace, name string) (map[string]interface{}, error) {
		return map[string]interface{}{}, nil
	}
	root.Funcs(funcs)

	// Every file is parsed under its chart path name, so partials (_*.tpl) define their templates for all.
	names := make([]string, 0, len(files))
	for _, file := range files {
		rel, _ := filepath.Rel(dir, file)
		name := chartName + "/" + filepath.ToSlash(rel)
		data, err := ioutil.ReadFile(file)
		if err != nil {
			return "", "", err
		}
		if _, err := root.New(name).Parse(string(data)); err != nil {
			return "", "", fmt.Errorf("parse error in %s", strings.TrimPrefix(err.Error(), "template: "))
		}
		names = append(names, name)
	}

	type document struct {
		source, text string
		order        int
	}
	var documents []document
	notes := ""
	basePath := chartName + "/templates"
	for _, name := range names {
		base := filepath.Base(name)
		if strings.HasPrefix(base, "_") {
			continue
		}
		isNotes := base == "NOTES.txt"
		if !isNotes && !strings.HasSuffix(base, ".yaml") && !strings.HasSuffix(base, ".yml") && !strings.HasSuffix(base, ".tpl") {
			continue
		}
		data := map[string]interface{}{}
		for k, v := range top {
			data[k] = v
		}
		data["Template"] = TemplateInfo{Name: name, BasePath: basePath}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			return "", "", fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "template: "))
		}
		out := strings.Replace(buf.String(), "<no value>", "", -1)
		if isNotes {
			notes = out
			continue
		}
		for _, doc := range docSeparator.Split(out, -1) {
			if strings.TrimSpace(stripComments(doc)) == "" {
				continue
			}
			text := strings.TrimLeft(doc, "\n")
			if !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			documents = append(documents, document{source: name, text: text, order: installOrder(text)})
		}
	}
	// As `helm template`: documents in Helm's install order by kind, the templates' order within a kind.
	sort.SliceStable(documents, func(a, b int) bool { return documents[a].order < documents[b].order })
	var manifest strings.Builder
	for _, doc := range documents {
		manifest.WriteString("---\n# Source: " + doc.source + "\n" + doc.text)
	}
	return manifest.String(), notes, nil
}

// Helm's InstallOrder (pkg/releaseutil/kind_sorter.go); unknown kinds last.
var kindOrder = []string{
	"PriorityClass", "Namespace", "NetworkPolicy", "ResourceQuota", "LimitRange", "PodSecurityPolicy",
	"PodDisruptionBudget", "ServiceAccount", "Secret", "SecretList", "ConfigMap", "StorageClass", "PersistentVolume",
	"PersistentVolumeClaim", "CustomResourceDefinition", "ClusterRole", "ClusterRoleList", "ClusterRoleBinding",
	"ClusterRoleBindingList", "Role", "RoleList", "RoleBinding", "RoleBindingList", "Service", "DaemonSet", "Pod",
	"ReplicationController", "ReplicaSet", "Deployment", "HorizontalPodAutoscaler", "StatefulSet", "Job", "CronJob",
	"IngressClass", "Ingress", "APIService",
}

var kindLine = regexp.MustCompile(`(?m)^kind:\s*["']?([A-Za-z]+)`)

func installOrder(doc string) int {
	if m := kindLine.FindStringSubmatch(doc); m != nil {
		for i, kind := range kindOrder {
			if kind == m[1] {
				return i
			}
		}
	}
	return len(kindOrder)
}

// stripComments drops comment-only lines: a document of comments alone is empty (Helm skips it too).
func stripComments(doc string) string {
	var kept []string
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "\n")
}
