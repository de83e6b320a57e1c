#!/usr/bin/env bash
# Starts local PostgreSQL 15 and MariaDB for the server tests (tst_audit_db_servers), on
# loopback only, and creates a test database and user on each. Idempotent: run it again and
# it only starts what is not running. Needs root (it manages the Debian clusters).
#
#   eval "$(scripts/start-test-servers.sh)"      # sets RAGLENS_TEST_PG_URL/_MYSQL_URL and
#                                                # RAGLENS_DB_PASSWORD for this shell
# Progress goes to stderr; only the export line goes to stdout.
set -euo pipefail

log() { echo "start-test-servers: $*" >&2; }
[ "$(id -u)" -eq 0 ] || { log "run as root"; exit 1; }

db=raglens_test
user=raglens_test
state=/var/lib/raglens-test-servers
mkdir -p "$state"
chmod 700 "$state"
if [ ! -s "$state/password" ]; then
  # Test-only credential, generated once and kept for later runs.
  head -c 18 /dev/urandom | base64 | tr -d '/+=' > "$state/password"
  chmod 600 "$state/password"
fi
password="$(cat "$state/password")"

# --- PostgreSQL 15 (the Debian cluster 15/main) -------------------------------------------
pg_port=5432
if ! command -v pg_ctlcluster >/dev/null; then
  log "PostgreSQL is not installed; run scripts/install-deps.sh first"; exit 1
fi
if ! pg_lsclusters -h 2>/dev/null | awk '$1=="15" && $2=="main"' | grep -q .; then
  log "creating PostgreSQL cluster 15/main"
  pg_createcluster 15 main >&2
fi
conf=/etc/postgresql/15/main/postgresql.conf
if ! grep -q "^listen_addresses = '127.0.0.1'" "$conf"; then
  echo "listen_addresses = '127.0.0.1'" >> "$conf"
fi
pg_port="$(pg_lsclusters -h | awk '$1=="15" && $2=="main" {print $3}')"
if ! pg_lsclusters -h | awk '$1=="15" && $2=="main" {print $4}' | grep -q online; then
  log "starting PostgreSQL 15/main on 127.0.0.1:$pg_port"
  pg_ctlcluster 15 main start >&2
fi
for _ in $(seq 1 30); do
  su postgres -c "psql -p $pg_port -Atqc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
su postgres -c "psql -p $pg_port -v ON_ERROR_STOP=1 -q" >&2 <<SQL
DO \$\$BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$user') THEN
    CREATE ROLE $user LOGIN PASSWORD '$password';
  ELSE
    ALTER ROLE $user LOGIN PASSWORD '$password';
  END IF;
END\$\$;
SQL
if ! su postgres -c "psql -p $pg_port -Atqc \"select 1 from pg_database where datname='$db'\"" | grep -q 1; then
  su postgres -c "createdb -p $pg_port -O $user $db" >&2
fi

# --- MariaDB -----------------------------------------------------------------------------
my_port=3306
if ! command -v mariadbd >/dev/null && ! command -v mysqld >/dev/null; then
  log "MariaDB is not installed; run scripts/install-deps.sh first"; exit 1
fi
cat > /etc/mysql/mariadb.conf.d/99-raglens-test.cnf <<CNF
[mysqld]
bind-address = 127.0.0.1
port = $my_port
CNF
if ! mariadb-admin ping >/dev/null 2>&1; then
  log "starting MariaDB on 127.0.0.1:$my_port"
  if [ ! -d /var/lib/mysql/mysql ]; then
    mariadb-install-db --user=mysql --datadir=/var/lib/mysql >&2
  fi
  mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld
  (nohup mariadbd-safe --user=mysql >/dev/null 2>&1 &)
  for _ in $(seq 1 60); do
    mariadb-admin ping >/dev/null 2>&1 && break
    sleep 1
  done
fi
mariadb-admin ping >/dev/null 2>&1 || { log "MariaDB did not start"; exit 1; }
mariadb >&2 <<SQL
CREATE DATABASE IF NOT EXISTS $db CHARACTER SET utf8mb4;
CREATE USER IF NOT EXISTS '$user'@'127.0.0.1' IDENTIFIED BY '$password';
CREATE USER IF NOT EXISTS '$user'@'localhost' IDENTIFIED BY '$password';
ALTER USER '$user'@'127.0.0.1' IDENTIFIED BY '$password';
ALTER USER '$user'@'localhost' IDENTIFIED BY '$password';
GRANT ALL PRIVILEGES ON $db.* TO '$user'@'127.0.0.1';
GRANT ALL PRIVILEGES ON $db.* TO '$user'@'localhost';
FLUSH PRIVILEGES;
SQL

log "PostgreSQL and MariaDB are up"
echo "export RAGLENS_TEST_PG_URL=postgresql://$user@127.0.0.1:$pg_port/$db RAGLENS_TEST_MYSQL_URL=mysql://$user@127.0.0.1:$my_port/$db RAGLENS_DB_PASSWORD=$password"
