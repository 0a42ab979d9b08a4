package main

// A JSON Schema (draft-07) validator for the keywords a values schema uses, so that the renderer refuses values as
// Helm does before rendering. A keyword it does not know is an error: the schema cannot silently ask for a check
// that is not made.

import (
	"encoding/json"
	"fmt"
	"io/ioutil"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
)

var annotationKeywords = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "title": true, "description": true, "default": true,
	"examples": true, "readOnly": true, "writeOnly": true,
}

var assertionKeywords = map[string]bool{
	"type": true, "properties": true, "additionalProperties": true, "required": true, "enum": true, "const": true,
	"items": true, "minItems": true, "maxItems": true, "minimum": true, "maximum": true,
	"exclusiveMinimum": true, "exclusiveMaximum": true, "minLength": true, "maxLength": true, "pattern": true,
	"propertyNames": true, "not": true, "anyOf": true, "oneOf": true, "allOf": true,
}

func validateAgainstSchema(chartDir, chartName string, values map[string]interface{}) error {
	data, err := ioutil.ReadFile(filepath.Join(chartDir, "values.schema.json"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	var schema interface{}
	if err := json.Unmarshal(data, &schema); err != nil {
		return fmt.Errorf("values.schema.json: %s", err)
	}
	if err := checkSchema(schema, "#"); err != nil {
		return fmt.Errorf("values.schema.json: %s", err)
	}
	var problems []string
	validate(schema, values, "", &problems)
	if len(problems) == 0 {
		return nil
	}
	sort.Strings(problems)
	return fmt.Errorf("values don't meet the specifications of the schema(s) in the following chart(s):\n%s:\n- %s", chartName, strings.Join(problems, "\n- "))
}

// checkSchema refuses keywords this validator does not implement.
func checkSchema(node interface{}, at string) error {
	s, ok := node.(map[string]interface{})
	if !ok {
		if _, isBool := node.(bool); isBool {
			return nil
		}
		return fmt.Errorf("%s: a schema must be an object or a boolean", at)
	}
	for key, value := range s {
		switch {
		case annotationKeywords[key]:
		case !assertionKeywords[key]:
			return fmt.Errorf("%s: keyword %q is not supported by this renderer", at, key)
		case key == "properties":
			props, ok := value.(map[string]interface{})
			if !ok {
				return fmt.Errorf("%s/properties: must be an object", at)
			}
			for name, child := range props {
				if err := checkSchema(child, at+"/properties/"+name); err != nil {
					return err
				}
			}
		case key == "additionalProperties" || key == "items" || key == "propertyNames" || key == "not":
			if err := checkSchema(value, at+"/"+key); err != nil {
				return err
			}
		case key == "anyOf" || key == "oneOf" || key == "allOf":
			list, ok := value.([]interface{})
			if !ok {
				return fmt.Errorf("%s/%s: must be a list", at, key)
			}
			for i, child := range list {
				if err := checkSchema(child, fmt.Sprintf("%s/%s/%d", at, key, i)); err != nil {
					return err
				}
			}
		case key == "pattern":
			if _, err := regexp.Compile(fmt.Sprint(value)); err != nil {
				return fmt.Errorf("%s/pattern: %s", at, err)
			}
		}
	}
	return nil
}

func jsonType(v interface{}) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if t == math.Trunc(t) {
			return "integer"
		}
		return "number"
	case []interface{}:
		return "array"
	case map[string]interface{}:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func typeMatches(want string, v interface{}) bool {
	got := jsonType(v)
	return want == got || (want == "number" && got == "integer")
}

func label(path string) string {
	if path == "" {
		return "(root)"
	}
	return path
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func number(v interface{}) (float64, bool) {
	f, ok := v.(float64)
	return f, ok
}

func validate(node interface{}, v interface{}, path string, problems *[]string) {
	if b, ok := node.(bool); ok {
		if !b {
			*problems = append(*problems, fmt.Sprintf("%s: Additional property %s is not allowed", label(path), path))
		}
		return
	}
	s := node.(map[string]interface{})
	add := func(format string, args ...interface{}) {
		*problems = append(*problems, label(path)+": "+fmt.Sprintf(format, args...))
	}
	if t, ok := s["type"]; ok {
		var wants []string
		switch tt := t.(type) {
		case string:
			wants = []string{tt}
		case []interface{}:
			for _, x := range tt {
				wants = append(wants, fmt.Sprint(x))
			}
		}
		matched := false
		for _, w := range wants {
			if typeMatches(w, v) {
				matched = true
			}
		}
		if !matched {
			add("Invalid type. Expected: %s, given: %s", strings.Join(wants, "/"), jsonType(v))
			return
		}
	}
	if enum, ok := s["enum"].([]interface{}); ok {
		found := false
		for _, e := range enum {
			if reflect.DeepEqual(e, v) {
				found = true
			}
		}
		if !found {
			parts := make([]string, len(enum))
			for i, e := range enum {
				b, _ := json.Marshal(e)
				parts[i] = string(b)
			}
			add("%s must be one of the following: %s", label(path), strings.Join(parts, ", "))
		}
	}
	if c, ok := s["const"]; ok && !reflect.DeepEqual(c, v) {
		add("Does not match the constant %v", c)
	}
	if str, ok := v.(string); ok {
		length := len([]rune(str))
		if n, ok := number(s["minLength"]); ok && float64(length) < n {
			add("String length must be greater than or equal to %v", n)
		}
		if n, ok := number(s["maxLength"]); ok && float64(length) > n {
			add("String length must be less than or equal to %v", n)
		}
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(str) {
			add("Does not match pattern '%s'", p)
		}
	}
	if f, ok := v.(float64); ok {
		if n, ok := number(s["minimum"]); ok && f < n {
			add("Must be greater than or equal to %v", n)
		}
		if n, ok := number(s["maximum"]); ok && f > n {
			add("Must be less than or equal to %v", n)
		}
		if n, ok := number(s["exclusiveMinimum"]); ok && f <= n {
			add("Must be greater than %v", n)
		}
		if n, ok := number(s["exclusiveMaximum"]); ok && f >= n {
			add("Must be less than %v", n)
		}
	}
	if list, ok := v.([]interface{}); ok {
		if n, ok := number(s["minItems"]); ok && float64(len(list)) < n {
			add("Array must have at least %v items", n)
		}
		if n, ok := number(s["maxItems"]); ok && float64(len(list)) > n {
			add("Array must have at most %v items", n)
		}
		if items, ok := s["items"]; ok {
			for i, item := range list {
				validate(items, item, fmt.Sprintf("%s.%d", label(path), i), problems)
			}
		}
	}
	if obj, ok := v.(map[string]interface{}); ok {
		props, _ := s["properties"].(map[string]interface{})
		if req, ok := s["required"].([]interface{}); ok {
			for _, r := range req {
				if _, present := obj[fmt.Sprint(r)]; !present {
					add("%s is required", r)
				}
			}
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if pn, ok := s["propertyNames"]; ok {
				var sub []string
				validate(pn, k, "", &sub)
				if len(sub) > 0 {
					add("Property name %q is not allowed (%s)", k, strings.Join(sub, "; "))
				}
			}
			if child, ok := props[k]; ok {
				validate(child, obj[k], join(path, k), problems)
				continue
			}
			if ap, ok := s["additionalProperties"]; ok {
				if b, isBool := ap.(bool); isBool {
					if !b {
						add("Additional property %s is not allowed", k)
					}
					continue
				}
				validate(ap, obj[k], join(path, k), problems)
			}
		}
	}
	if not, ok := s["not"]; ok {
		var sub []string
		validate(not, v, path, &sub)
		if len(sub) == 0 {
			add("Must not be valid against the 'not' schema")
		}
	}
	for _, key := range []string{"anyOf", "oneOf", "allOf"} {
		list, ok := s[key].([]interface{})
		if !ok {
			continue
		}
		valid := 0
		var all []string
		for _, child := range list {
			var sub []string
			validate(child, v, path, &sub)
			if len(sub) == 0 {
				valid++
			}
			all = append(all, sub...)
		}
		switch {
		case key == "anyOf" && valid == 0:
			add("Must validate at least one schema (anyOf): %s", strings.Join(all, "; "))
		case key == "oneOf" && valid != 1:
			add("Must validate one and only one schema (oneOf), %d did", valid)
		case key == "allOf" && valid != len(list):
			*problems = append(*problems, all...)
		}
	}
}
