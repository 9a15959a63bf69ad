# syntax=docker/dockerfile:1
# The app's image: built in one stage, run in another without devDependencies, as the unprivileged user `node`.
# Node 24 LTS by default, as CI (.node-version); Node 22 LTS works too: --build-arg NODE_VERSION=22.
ARG NODE_VERSION=24

# ---- build: every dependency (TypeScript, Vite), then the compiled workspaces and the React app
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci
COPY . .
RUN npm run build

# ---- production dependencies of the server only (better-sqlite3 is compiled here, where the toolchain is)
FROM node:${NODE_VERSION}-bookworm AS server-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --workspace backend --workspace contracts --workspace projections \
 && mkdir -p backend/node_modules

# ---- runtime: compiled code, production node_modules, no sources, no toolchain
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=server-deps /app/node_modules ./node_modules
# the install nests a package under its workspace when the root holds another version of it (@nestjs/*, socket.io, ical-generator)
COPY --from=server-deps /app/backend/node_modules backend/node_modules
COPY --from=server-deps /app/package.json ./
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/projections/package.json projections/
COPY --from=build /app/projections/dist projections/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
# the volumes' mount points, owned by the user the app runs as (a new named volume takes this ownership)
RUN mkdir -p /data /registro-cancellazioni /backup /certificati && chown node:node /data /registro-cancellazioni /backup
USER node
EXPOSE 3000
# the process answers; /readyz (event store and read models) is what the compose healthcheck asks
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "backend/dist/main.js"]
