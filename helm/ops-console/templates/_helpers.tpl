{{/* The chart's name, overridable with nameOverride. */}}
{{- define "ops-console.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The fully qualified app name: fullnameOverride, else the release name when it already contains the chart's name,
else <release>-<chart>. Truncated to 63 characters (a DNS label).
*/}}
{{- define "ops-console.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* chart label: name-version. */}}
{{- define "ops-console.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels every object carries. */}}
{{- define "ops-console.labels" -}}
helm.sh/chart: {{ include "ops-console.chart" . }}
{{ include "ops-console.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* The console's selector labels (Deployment, Service, PDB). */}}
{{- define "ops-console.selectorLabels" -}}
app.kubernetes.io/name: {{ include "ops-console.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: console
{{- end }}

{{/* The bundled Postgres: its name and selector labels. */}}
{{- define "ops-console.postgresql.fullname" -}}
{{- printf "%s-postgresql" (include "ops-console.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "ops-console.postgresql.selectorLabels" -}}
app.kubernetes.io/name: {{ include "ops-console.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: postgresql
{{- end }}

{{- define "ops-console.postgresql.labels" -}}
helm.sh/chart: {{ include "ops-console.chart" . }}
{{ include "ops-console.postgresql.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.postgresql.image.tag | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* The service account's name. */}}
{{- define "ops-console.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "ops-console.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The console's image reference. */}}
{{- define "ops-console.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion | toString) }}
{{- end }}

{{/* "true" when an external database is given (an existing Secret or an inline URL). */}}
{{- define "ops-console.externalDatabase" -}}
{{- if or .Values.database.existingSecret.name .Values.database.url }}true{{ end }}
{{- end }}

{{/* "true" when the bundled Postgres is deployed and used: enabled and no external database given. */}}
{{- define "ops-console.bundledPostgresql" -}}
{{- if and .Values.postgresql.enabled (not (include "ops-console.externalDatabase" .)) }}true{{ end }}
{{- end }}

{{/* "true" when neither: the console starts its embedded Postgres in its data dir. */}}
{{- define "ops-console.embeddedDatabase" -}}
{{- if not (or (include "ops-console.externalDatabase" .) (include "ops-console.bundledPostgresql" .)) }}true{{ end }}
{{- end }}

{{/*
"true" in agent mode: upstream.url and agent.name set. One without the other is a mistake, refused with `required`.
*/}}
{{- define "ops-console.agentMode" -}}
{{- if or .Values.upstream.url .Values.agent.name }}
{{- $_ := required "agent mode: upstream.url is required with agent.name (the upstream console's URL)" .Values.upstream.url }}
{{- $_ := required "agent mode: agent.name is required with upstream.url (the agent's name upstream)" .Values.agent.name }}
{{- if not .Values.upstream.existingSecret.name }}
{{- $_ := required "agent mode: upstream.password (the agent's access token) or upstream.existingSecret.name is required" .Values.upstream.password }}
{{- end }}
{{- true }}
{{- end }}
{{- end }}

{{/* The chart's Secret: the secret settings (admin password, connection key, inline URL and token, secretConfig). */}}
{{- define "ops-console.secretName" -}}
{{- include "ops-console.fullname" . }}
{{- end }}

{{/*
A value kept across upgrades: the key's current value in the release's Secret when it exists (lookup answers
nothing under `helm template` and --dry-run), else a new random one. Call with (dict "ctx" $ "key" "..." "length" n).
*/}}
{{- define "ops-console.keptRandom" -}}
{{- $ctx := .ctx }}
{{- $existing := lookup "v1" "Secret" $ctx.Release.Namespace (include "ops-console.secretName" $ctx) }}
{{- if and $existing $existing.data (hasKey $existing.data .key) }}
{{- index $existing.data .key | b64dec }}
{{- else }}
{{- randAlphaNum (int .length) }}
{{- end }}
{{- end }}
