#include "dialogs/about_dialog.h"

#include <QCoreApplication>
#include <QMessageBox>

namespace raglens::ui {

void showAboutDialog(QWidget* parent)
{
    QMessageBox::about(
        parent, QCoreApplication::translate("AboutDialog", "About RagLens"),
        QCoreApplication::translate(
            "AboutDialog",
            "<h3>RagLens %1</h3><p>A desktop inspector for the retrieval step of LLM "
            "diagnosis agents: sessions, runs, steps and every <code>lookup_knowledge</code> "
            "call, with its attempts, evidence and relevance.</p><p>Built with Qt %2.</p>")
            .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

} // namespace raglens::ui
