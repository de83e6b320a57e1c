#pragma once
// SQLite as the whole process shares it: Qt's driver and RagLens load one libsqlite3, set up
// once, before its first connection.

namespace raglens::sqlite_tuning {

/// True when connections on different threads run in parallel: SQLite was set up, before any
/// connection, to keep no memory statistics. It keeps them by default, under one mutex around
/// every allocation of every connection; SQL that parses JSON allocates constantly, and two
/// threads copying calls then took as long as one thread copying both halves. False also
/// when the environment sets RAGLENS_ONE_CORE=1.
bool connectionsRunInParallel();

} // namespace raglens::sqlite_tuning
