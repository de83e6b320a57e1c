target_sources(raglens_core PRIVATE
  demo/demo_scenario.h demo/demo_scenario.cpp
  demo/scripted_tool.h
  demo/scripted_diagnosis_runner.h demo/scripted_diagnosis_runner.cpp
)
target_sources(raglens_core PRIVATE
  demo/demo_coverage.h demo/demo_coverage.cpp
  demo/demo_workspace.h demo/demo_workspace.cpp
)
