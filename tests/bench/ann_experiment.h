#pragma once
// raglens-bench --ann-experiment DIR: compares index types on the vectors of a kept KB.

#include <QString>

namespace raglens::bench {
int runAnnExperiment(const QString& keepDir);
}
