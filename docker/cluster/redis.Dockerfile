# Redis from Debian's packages, for docker/compose.cluster.yaml: the bus between the
# nodes (pub/sub only: nothing is stored, so nothing is saved).
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/*
USER redis
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--save", "", "--appendonly", "no"]
