target_sources(raglens_core PRIVATE
  db/database_location.h db/database_location.cpp
  db/audit_database.h db/audit_database.cpp db/audit_database_connect.cpp
  db/migrations.h db/migrations.cpp
  db/scoped_transaction.h
  db/sql_dialect.h db/sql_dialect.cpp
  db/sql_exec.h db/sql_exec.cpp
  db/sql_insert.h db/sql_insert.cpp
)
