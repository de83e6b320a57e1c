target_sources(raglens_core PRIVATE
  report/html_text.h report/html_text.cpp
  report/attempt_svg.h report/attempt_svg.cpp
  report/report_style.h report/report_style.cpp
  report/session_report.h report/session_report.cpp
)
