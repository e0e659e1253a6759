# scorecheck_add_library(NAME SRCS ... LINK_LIBS ... [PRIVATE_LINK ...]): one library per layer.
function(scorecheck_add_library name)
  cmake_parse_arguments(ARG "" "" "SRCS;LINK_LIBS;PRIVATE_LINK" ${ARGN})
  add_library(${name} STATIC ${ARG_SRCS})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  if(ARG_PRIVATE_LINK)
    target_link_libraries(${name} PRIVATE ${ARG_PRIVATE_LINK})
  endif()
endfunction()

# scorecheck_add_test(NAME layer/file_test SRCS ... LINK_LIBS ...): a GoogleTest
# binary registered with CTest under NAME.
function(scorecheck_add_test)
  cmake_parse_arguments(ARG "" "NAME" "SRCS;LINK_LIBS" ${ARGN})
  string(REPLACE "/" "_" target ${ARG_NAME})
  add_executable(${target} ${ARG_SRCS})
  target_link_libraries(${target} PRIVATE ${ARG_LINK_LIBS} GTest::gtest GTest::gtest_main)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_compile_definitions(${target} PRIVATE
    SCORECHECK_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    SCORECHECK_BINARY_DIR="${PROJECT_BINARY_DIR}")
  add_test(NAME ${ARG_NAME} COMMAND ${target})
endfunction()
