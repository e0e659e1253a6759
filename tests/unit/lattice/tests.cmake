# Lattice (ruled-line grid detection) tests, included from tests/CMakeLists.txt.
scorecheck_add_test(NAME lattice/find_lattice_test
  SRCS ${CMAKE_CURRENT_SOURCE_DIR}/unit/lattice/find_lattice_test.cpp
  LINK_LIBS scorecheck_lattice scorecheck_test_support scorecheck_sheet)
scorecheck_add_test(NAME lattice/table_parts_test
  SRCS ${CMAKE_CURRENT_SOURCE_DIR}/unit/lattice/table_parts_test.cpp
  LINK_LIBS scorecheck_lattice)
scorecheck_add_test(NAME lattice/stacked_grids_test
  SRCS ${CMAKE_CURRENT_SOURCE_DIR}/unit/lattice/stacked_grids_test.cpp
  LINK_LIBS scorecheck_lattice)
scorecheck_add_test(NAME lattice/faint_rows_test
  SRCS ${CMAKE_CURRENT_SOURCE_DIR}/unit/lattice/faint_rows_test.cpp
  LINK_LIBS scorecheck_lattice)
scorecheck_add_test(NAME lattice/tables_test
  SRCS ${CMAKE_CURRENT_SOURCE_DIR}/unit/lattice/tables_test.cpp
  LINK_LIBS scorecheck_lattice)
scorecheck_add_test(NAME lattice/bands_test
  SRCS ${CMAKE_CURRENT_SOURCE_DIR}/unit/lattice/bands_test.cpp
  LINK_LIBS scorecheck_lattice)
