target_sources(raglens_core PRIVATE
  diagnostics/invocation_findings.h diagnostics/invocation_findings.cpp
  diagnostics/health_report.h diagnostics/health_report.cpp
  diagnostics/health_parts.h diagnostics/health_from_facts.cpp diagnostics/health_direct.cpp
)
