target_sources(raglens_core PRIVATE
  audit/database_location.h audit/database_location.cpp
  audit/audit_database.h audit/audit_database.cpp
  audit/migrations.h audit/migrations.cpp
  audit/scoped_transaction.h
)
