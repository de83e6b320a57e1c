#pragma once
// Which file a path names: a reader that keeps a file open reads the file it opened, whatever
// another program puts at its path since (rsync and `mv` replace a file by renaming a new one
// over it). The facts index, the Trace API server and `sessions --follow` compare it.

#include <QString>

namespace raglens {

/// The device and inode of the file at `path`, as text; empty when there is none. Two values
/// differ when the file was replaced in between.
QString fileIdentity(const QString& path);

} // namespace raglens
