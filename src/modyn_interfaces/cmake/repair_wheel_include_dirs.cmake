# The ROS 2 wheels of the package index (the PyPI route) export CMake targets whose
# INTERFACE_INCLUDE_DIRECTORIES name the machine that built them: Python's include directory
# (/opt/python/cp3XX-cp3XX/include/python3.X) and numpy's (.../numpy/_core/include). CMake refuses
# to generate a build that uses such a target. modyn_repair_wheel_include_dirs() points those
# entries at this interpreter's and this numpy's include directories, for the imported targets of
# the calling directory, and only where the named directory does not exist: on a ROS machine
# (the apt route) the targets are left as they are.
function(modyn_repair_wheel_include_dirs)
  get_directory_property(_imported IMPORTED_TARGETS)
  set(_found FALSE)
  foreach(_target IN LISTS _imported)
    get_target_property(_dirs ${_target} INTERFACE_INCLUDE_DIRECTORIES)
    if(NOT _dirs)
      continue()
    endif()
    set(_fixed "")
    set(_changed FALSE)
    foreach(_dir IN LISTS _dirs)
      if(_dir MATCHES "^/opt/python/" AND NOT EXISTS "${_dir}")
        if(NOT _found)
          find_package(Python3 REQUIRED COMPONENTS Interpreter Development.Module NumPy)
          set(_found TRUE)
        endif()
        if(_dir MATCHES "/include/python3")
          set(_dir "${Python3_INCLUDE_DIRS}")
        elseif(_dir MATCHES "numpy")
          set(_dir "${Python3_NumPy_INCLUDE_DIRS}")
        else()
          message(FATAL_ERROR "${_target}: include directory ${_dir} does not exist and is "
                              "neither Python's nor numpy's (a wheel built elsewhere?)")
        endif()
        set(_changed TRUE)
      endif()
      list(APPEND _fixed "${_dir}")
    endforeach()
    if(_changed)
      list(REMOVE_DUPLICATES _fixed)
      message(STATUS "modyn: ${_target}: include directories of the wheel's build machine "
                     "replaced by ${Python3_INCLUDE_DIRS} and ${Python3_NumPy_INCLUDE_DIRS}")
      set_target_properties(${_target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_fixed}")
    endif()
  endforeach()
endfunction()
