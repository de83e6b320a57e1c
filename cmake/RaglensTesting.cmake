# raglens_add_test(<source.cpp> LIBS <targets...>)
# One QtTest executable per test file, registered with CTest, run headless.
function(raglens_add_test source)
  cmake_parse_arguments(ARG "" "" "LIBS" ${ARGN})
  get_filename_component(name ${source} NAME_WE)
  add_executable(${name} ${source})
  target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS})
  # Tests that drive the CLI need it built first.
  add_dependencies(${name} raglens-cli)
  add_test(NAME ${name} COMMAND ${name})
  # Facts indexes the tests cause (the GUI builds one for every foreign database it opens)
  # go to the build tree, never to the user's cache folder.
  set_tests_properties(${name} PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LC_ALL=C.UTF-8;RAGLENS_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache"
    TIMEOUT 300)
endfunction()
