# ctest without_optional (CMakeLists.txt): configure SRC into BIN with the
# optional backends and io_uring off, build it, run its C tests.
foreach(step
    "${CMAKE_COMMAND};-S;${SRC};-B;${BIN};-DCMAKE_BUILD_TYPE=RelWithDebInfo;-DSFS_VERSION=${VERSION};-DSFS_WITH_NFS3=OFF;-DSFS_WITH_SMB=OFF;-DSFS_WITH_URING=OFF;-DSFS_TEST_WITHOUT_OPTIONAL=OFF;-DSFS_TEST_SANITIZERS=OFF;-DSFS_TEST_FUZZ=OFF;-DSFS_BUILD_WIN32=OFF"
    "${CMAKE_COMMAND};--build;${BIN};-j2"
    "${CTEST};--test-dir;${BIN};--output-on-failure")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "without_optional: '${step}' failed (${rc})")
  endif()
endforeach()
