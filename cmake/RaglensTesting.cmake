# raglens_add_test(<source.cpp> LIBS <targets...> [PCH <target>])
# One QtTest executable per test file, registered with CTest, run headless. PCH names a
# target built with the same flags whose precompiled headers the test reuses.
set(RAGLENS_TEST_PCH_HEADERS
    <QTest> <QSignalSpy> <QTemporaryDir> <QFile> <QDir> <QSqlDatabase> <QSqlQuery>
    <QString> <QStringList> <QVariant> <QHash> <nlohmann/json.hpp>)

# A test's time limit: 300 s in the ordinary build; a sanitizer build, three to five times
# slower, sets more (.ci/run).
set(RAGLENS_TEST_TIMEOUT 300 CACHE STRING "CTest time limit of each test, in seconds")

function(raglens_add_test source)
  cmake_parse_arguments(ARG "" "PCH" "LIBS" ${ARGN})
  get_filename_component(name ${source} NAME_WE)
  add_executable(${name} ${source})
  target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS} raglens_warnings)
  if(ARG_PCH)
    target_precompile_headers(${name} REUSE_FROM ${ARG_PCH})
  endif()
  # Tests that drive the CLI need it built first.
  add_dependencies(${name} raglens-cli)
  add_test(NAME ${name} COMMAND ${name})
  # Facts indexes the tests cause (the GUI builds one for every foreign database it opens)
  # go to the build tree, never to the user's cache folder. QtTest's own watchdog (300 s per
  # test function) follows the test's limit, so that a sanitizer build's longer limit is
  # the one that counts, not a function's fixed five minutes.
  math(EXPR function_timeout_ms "${RAGLENS_TEST_TIMEOUT} * 1000")
  set_tests_properties(${name} PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LC_ALL=C.UTF-8;RAGLENS_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache;QTEST_FUNCTION_TIMEOUT=${function_timeout_ms}"
    TIMEOUT ${RAGLENS_TEST_TIMEOUT})
endfunction()
