# The branch portal as one container, live: `docker build -t branch-portal .` then
#   docker run -p 3000:3000 --env-file portal.env -v portal-data:/data branch-portal
# docs/container.md has the env file, volumes, backups, upgrades and many instances behind a proxy
# (compose.yaml). NODE_IMAGE names the base: the official Node image unless a build says otherwise
# (tests/container builds a stand-in of it from Debian packages where no registry is reachable).
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Everything needed to build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only.
FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
# TypeScript is an optional peer of React Router's server packages (for type generation only): npm
# keeps it because it is also a development dependency here. 23 MB the running portal never loads.
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force && rm -rf node_modules/typescript

# 3. PostgreSQL's pg_dump and pg_restore for backups on DATABASE_URL (Debian's, the server's major
# version or newer): the binaries alone, without Debian's Perl wrappers and their Perl.
FROM ${NODE_IMAGE} AS pg-tools
RUN apt-get update -qq \
	&& cd /tmp && apt-get download -qq postgresql-client-15 \
	&& dpkg-deb -x postgresql-client-15_*.deb /tmp/pg \
	&& mkdir -p /pg-tools && cp /tmp/pg/usr/lib/postgresql/15/bin/pg_dump /tmp/pg/usr/lib/postgresql/15/bin/pg_restore /pg-tools/

# 4. The image that runs: no compiler, no dev dependencies, no source beyond what runs.
FROM ${NODE_IMAGE}
ARG VERSION=unknown
ARG REVISION=unknown
ARG SOURCE=unknown
LABEL org.opencontainers.image.title="Branch portal" \
      org.opencontainers.image.description="Web portal of a regional branch of a professional accountancy institute" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.source="${SOURCE}"
# libpq5 is what pg_dump and pg_restore link to besides what the base has.
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends libpq5 >/dev/null \
	&& apt-get clean && rm -rf /var/lib/apt/lists/*
COPY --from=pg-tools /pg-tools/ /usr/lib/postgresql/15/bin/
# Live by DEPLOYMENT, not NODE_ENV (server.mjs runs React's production build either way), so that
# -e DEPLOYMENT=trial is a trial and contradicts nothing.
ENV DEPLOYMENT=live \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.mjs ./
COPY app/api/db/migrations ./app/api/db/migrations
# A named volume mounted on either starts owned by the image's user (uid 1000), so it can write there.
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "server.mjs"]
