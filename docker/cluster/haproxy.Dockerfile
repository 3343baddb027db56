# HAProxy from Debian's packages, for docker/compose.cluster.yaml: the balancer in front
# of the nodes (round robin, no sticky sessions).
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/*
COPY docker/cluster/haproxy.cfg /etc/haproxy/haproxy.cfg
USER haproxy
CMD ["haproxy", "-W", "-db", "-f", "/etc/haproxy/haproxy.cfg"]
