# PostgreSQL 15 from Debian's packages, for docker/compose.cluster.yaml: the cluster's
# system of record. On first start it makes the role and database "boardhall" with the
# password BOARDHALL_DB_PASSWORD; the data lives in the volume at /var/lib/postgresql/data.
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /run/postgresql \
 && chown postgres:postgres /var/lib/postgresql/data /run/postgresql
COPY docker/cluster/postgres-start /usr/local/bin/postgres-start
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
STOPSIGNAL SIGINT
CMD ["postgres-start"]
