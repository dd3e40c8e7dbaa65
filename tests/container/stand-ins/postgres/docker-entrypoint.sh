#!/bin/sh
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
	user=${POSTGRES_USER:-postgres}
	printf '%s' "$POSTGRES_PASSWORD" > /tmp/pw
	initdb -D "$PGDATA" -U "$user" --pwfile=/tmp/pw --auth-local=trust --auth-host=scram-sha-256 >/dev/null
	rm /tmp/pw
	echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
	echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
	# initdb makes only "postgres"; the official image then makes POSTGRES_DB.
	if [ -n "${POSTGRES_DB:-}" ] && [ "$POSTGRES_DB" != postgres ]; then
		pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
		createdb -U "$user" "$POSTGRES_DB"
		pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
	fi
fi
exec "$@"
