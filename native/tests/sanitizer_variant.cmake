# ctest asan_ubsan / tsan (CMakeLists.txt): configure SRC into BIN with the
# sanitizer FLAGS, build it, run its C unit tests, then the backend tests
# that need a server (server_tests.sh: a private Ganesha and Samba).  A sanitizer
# report ends its process with a failure status, which fails the step.
# -O1: line numbers stay exact and the build takes half the time of -O2.
set(ENV{ASAN_OPTIONS} "detect_leaks=1:halt_on_error=1")
set(ENV{UBSAN_OPTIONS} "print_stacktrace=1:halt_on_error=1")
set(ENV{TSAN_OPTIONS} "halt_on_error=1:second_deadlock_stack=1")
# Under ThreadSanitizer the engine runs several times slower: a test whose
# pacing check misses its tolerance gets a second run (a race reported only in the
# first run is left in the log but no longer fails the variant).
set(repeat "")
if(VARIANT STREQUAL "tsan")
  set(repeat ";--repeat;until-pass:2")
endif()
foreach(step
    "${CMAKE_COMMAND};-S;${SRC};-B;${BIN};-DCMAKE_BUILD_TYPE=None;-DSFS_VERSION=${VERSION};-DCMAKE_C_FLAGS=${FLAGS} -O1 -g;-DCMAKE_EXE_LINKER_FLAGS=${FLAGS};-DCMAKE_SHARED_LINKER_FLAGS=${FLAGS};-DSFS_TEST_WITHOUT_OPTIONAL=OFF;-DSFS_TEST_SANITIZERS=OFF;-DSFS_TEST_FUZZ=OFF;-DSFS_BUILD_WIN32=OFF"
    "${CMAKE_COMMAND};--build;${BIN};-j2"
    "${CTEST};--test-dir;${BIN};--output-on-failure${repeat}"
    "bash;${SRC}/tests/server_tests.sh;${BIN}")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${VARIANT}: '${step}' failed (${rc})")
  endif()
endforeach()
