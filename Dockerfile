# One image for every part of Postwright; docker-compose picks the command per service.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY gateway/package.json gateway/
COPY services/auth/package.json services/auth/
COPY services/content/package.json services/content/
COPY services/linkedin/package.json services/linkedin/
COPY services/linkedin-sandbox/package.json services/linkedin-sandbox/
COPY services/scheduler/package.json services/scheduler/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

FROM deps AS web
COPY . .
RUN npm run build -w web

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 POSTWRIGHT_DATA_DIR=/data
COPY --from=deps /app/node_modules ./node_modules
COPY . .
COPY --from=web /app/web/dist ./web/dist
# every program compiled to plain JavaScript (platform/scripts/build.js): no TypeScript loader at run time
RUN node platform/scripts/build.js --force
RUN mkdir -p /data && chown node:node /data
USER node
# overridden per service in docker-compose.yml; the flags are build.js's NODE_FLAGS
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "gateway/dist/main.js"]
