# The branch portal as one container, live: `docker build -t branch-portal .` then
#   docker run -p 3000:3000 --env-file portal.env -v portal-data:/data branch-portal
# where portal.env gives SESSION_SECRET, RSA_PRIVATE_KEY (4096-bit), PUBLIC_URL (https), SMTP_URL,
# BRANCH_NAME, BRANCH_ADDRESS, BRANCH_PHONE, BRANCH_EMAIL, BRANCH_GSTIN and INVOICE_PREFIX: the README's
# "In a container" has a complete example. To try it with the demo branch instead, add -e DEPLOYMENT=trial.
# Its steps are the README's: install, build, then run the production server.

# 1. Everything needed to build.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only.
FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image that runs: no compiler, no dev dependencies, no source beyond what runs.
# Live by DEPLOYMENT, not NODE_ENV (server.mjs runs React's production build either way), so that
# -e DEPLOYMENT=trial is a trial and contradicts nothing.
FROM node:24-bookworm-slim
ENV DEPLOYMENT=live \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.mjs ./
COPY app/api/db/migrations ./app/api/db/migrations
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "server.mjs"]
