# NODR Dashboard for production (docs/deploy.md): build the web app in one stage, run the server in a slim one as
# the unprivileged `node` user. Replicas share one PostgreSQL (DATABASE_URL); see compose.yaml.

FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/contracts ./contracts
COPY --from=build /app/server ./server
COPY --from=build /app/agent ./agent
COPY --from=build /app/simulation ./simulation
COPY --from=build /app/installer ./installer
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# /healthz answers while the process lives; the proxy asks /readyz before sending traffic (docs/deploy.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
