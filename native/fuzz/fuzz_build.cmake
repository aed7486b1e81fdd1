# ctest fuzz_build (CMakeLists.txt), the fixture of the fuzz_<target> tests: configure SRC into
# BIN with clang, libFuzzer, AddressSanitizer (leaks included) and UndefinedBehaviorSanitizer,
# and build the fuzz targets.
cmake_minimum_required(VERSION 3.18)   # script mode: current policies (quoted if() arguments)
foreach(step
    "${CMAKE_COMMAND};-S;${SRC};-B;${BIN};-DCMAKE_C_COMPILER=${CLANG};-DCMAKE_BUILD_TYPE=RelWithDebInfo;-DSFS_VERSION=${VERSION};-DSFS_FUZZ=ON;-DSFS_TEST_WITHOUT_OPTIONAL=OFF;-DSFS_TEST_SANITIZERS=OFF"
    "${CMAKE_COMMAND};--build;${BIN};-j2;--target;fuzz_targets")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fuzz: '${step}' failed (${rc})")
  endif()
endforeach()
