#pragma once
// The base of the window's action controllers (InvocationActions, CompareAction,
// RunRatingAction, ExportActions): each says what it did in the status bar and reports
// what went wrong through the window, which connects both signals once.

#include <QObject>

namespace raglens::ui {

class WindowController : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

signals:
    void statusMessage(const QString& text, int timeoutMs);
    void errorOccurred(const QString& title, const QString& message);
};

} // namespace raglens::ui
