#pragma once
// The main window as a user leaves it after a look at everything: a FALLBACK session's
// drill-down in the Sessions tab, health computed, a console lookup shown, the eval set
// run, the audit check run and the knowledge base open. Tests of how the whole window looks
// (themes, text fit) check it in that state.

#include <QString>

#include <functional>

class QWidget;

namespace raglens::ui {
class MainWindow;
}

namespace raglens::test {

/// Opens the workspace `workspaceDir` in `window` and fills every work tab in turn, calling
/// `onTab` with each tab's page while it is the current one (once filled) and with the
/// Sessions page again at the end. Returns an error text, or empty.
QString fillEveryPanel(ui::MainWindow& window, const QString& workspaceDir,
                       const std::function<void(QWidget* page)>& onTab = {});

} // namespace raglens::test
