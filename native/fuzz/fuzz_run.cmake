# ctest fuzz (CMakeLists.txt): configure SRC into BIN with clang, libFuzzer,
# AddressSanitizer (leaks included) and UndefinedBehaviorSanitizer, build
# the fuzz targets, make each one's seed corpus from the project's own
# fixtures (fuzz/seeds.cmake), then run each for SECONDS; any crash, leak,
# undefined behaviour or timeout fails the test.
cmake_minimum_required(VERSION 3.18)   # script mode: current policies (quoted if() arguments)
foreach(step
    "${CMAKE_COMMAND};-S;${SRC};-B;${BIN};-DCMAKE_C_COMPILER=${CLANG};-DCMAKE_BUILD_TYPE=RelWithDebInfo;-DSFS_VERSION=${VERSION};-DSFS_FUZZ=ON;-DSFS_TEST_WITHOUT_OPTIONAL=OFF;-DSFS_TEST_SANITIZERS=OFF"
    "${CMAKE_COMMAND};--build;${BIN};-j2;--target;fuzz_targets")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fuzz: '${step}' failed (${rc})")
  endif()
endforeach()
include(${SRC}/fuzz/seeds.cmake)
set(ENV{ASAN_OPTIONS} "detect_leaks=1:abort_on_error=0")
set(ENV{UBSAN_OPTIONS} "print_stacktrace=1:halt_on_error=1")
foreach(target loadfile access_spec config step)
  set(corpus ${BIN}/corpus/${target})
  sfs_fuzz_seeds(${target} ${SRC} ${corpus})
  set(work ${BIN}/work/${target})
  file(REMOVE_RECURSE ${work})
  file(MAKE_DIRECTORY ${work})
  # new inputs go to work/, the seeds stay as made; crash files land in BIN
  execute_process(COMMAND ${BIN}/fuzz/fuzz_${target} -max_total_time=${SECONDS} -timeout=10
                          -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1
                          -artifact_prefix=${BIN}/crash-${target}- ${work} ${corpus}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REGEX MATCH "stat::number_of_executed_units: *[0-9]+" runs "${out}")
  message(STATUS "fuzz_${target}: ${runs}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fuzz_${target} failed (${rc}):\n${out}")
  endif()
endforeach()
