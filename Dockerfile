# syntax=docker/dockerfile:1
# The site in production: built once, run as a non-root user, data in a volume.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npx react-router build

FROM node:20-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The stock tools (npm run stock:import ...) run from source with tsx.
COPY package.json tsconfig.json dealer.json ./
COPY domain ./domain
COPY backend ./backend
COPY indexer ./indexer
# Volumes mounted here start with this ownership, so the non-root user can write to them.
RUN mkdir -p /data /run/meili /srv/photos && chown node:node /data /run/meili /srv/photos
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "build/server/index.js"]
