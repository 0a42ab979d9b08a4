# The console's container image (the Helm chart's default image: helm/ops-console, image.repository ops-console,
# tag = the chart's appVersion). Build: docker build -t ops-console:<version> .
#
# Stage 1 builds the SPA and the gateway and drops the dev dependencies; stage 2 is the runtime: the built files,
# the production node_modules, the docs, demo and chart folders the gateway serves, a non-root user. Nothing is
# downloaded at run time (the embedded Postgres binaries come with node_modules).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The workspaces' manifests, the plugin registry's inputs (postinstall generates gateway/src/plugins.generated.ts
# from plugins/) and the sources: .dockerignore keeps node_modules, dist and data out of the context.
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
RUN groupadd --system --gid 10001 console \
 && useradd --system --uid 10001 --gid console --home-dir /app --no-create-home --shell /usr/sbin/nologin console
# Only what runs: manifests (the workspaces' links in node_modules point at them), the production node_modules, the
# built gateway (its migrations are compiled in) and SPA, and the folders the gateway reads (docs at /docs/, the
# demo catalogue, the charts the Integrations dialog reads).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/contracts/package.json ./contracts/
COPY --from=build /app/gateway/package.json ./gateway/
COPY --from=build /app/gateway/dist ./gateway/dist
COPY --from=build /app/web/package.json ./web/
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/docs ./docs
COPY --from=build /app/demo ./demo
COPY --from=build /app/helm ./helm
# The data dir (embedded Postgres, generated keys, the log file) is the only place written; a volume in Kubernetes.
RUN mkdir -p /app/data && chown console:console /app/data
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "gateway/dist/gateway/src/main.js"]
