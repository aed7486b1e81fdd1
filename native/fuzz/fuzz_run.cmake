# ctest fuzz_<target> (CMakeLists.txt): make the seed corpus of each fuzz target of TARGETS
# (names of fuzz/fuzz_*.c without the prefix, separated by ';') from the project's own
# fixtures (fuzz/seeds.cmake), then run it for SECONDS on the targets fuzz_build.cmake built
# in BIN; any crash, leak, undefined behaviour or timeout fails the test.
cmake_minimum_required(VERSION 3.18)   # script mode: current policies (quoted if() arguments)
if(NOT TARGETS)
  message(FATAL_ERROR "fuzz_run.cmake: -DTARGETS=<target>[;<target>...] (fuzz/fuzz_<target>.c)")
endif()
include(${SRC}/fuzz/seeds.cmake)
set(ENV{ASAN_OPTIONS} "detect_leaks=1:abort_on_error=0")
set(ENV{UBSAN_OPTIONS} "print_stacktrace=1:halt_on_error=1")
foreach(target ${TARGETS})
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
