// MainWindow: saved views — the filter bar's current filters under a name, recalled from
// View → Saved Views or with Alt+1…9, shared as one line of text (SavedView::toText) and
// applied by `raglens-cli sessions --view NAME` from the same settings.

#include "mainwindow/main_window.h"

#include "common/app_settings.h"
#include "sessions/session_filter_bar.h"
#include "sessionspage/sessions_page.h"
#include "trace/saved_view.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QInputDialog>
#include <QMenu>
#include <QStatusBar>

namespace raglens::ui {

namespace {

QList<SavedView> storedViews()
{
    const AppSettings& settings = AppSettings::instance();
    return loadSavedViews([&](const QString& key) { return settings.value(key); });
}

void storeViews(const QList<SavedView>& views)
{
    AppSettings& settings = AppSettings::instance();
    settings.remove(QLatin1String(kSavedViewsGroup));
    for (const auto& [key, value] : savedViewKeys(views))
        settings.setValue(key, value);
}

} // namespace

void MainWindow::createSavedViewsMenu(QMenu* view)
{
    m_savedViewsMenu = view->addMenu(tr("Saved &Views"));
    m_savedViewsMenu->setObjectName(QStringLiteral("savedViewsMenu"));
    view->addSeparator();
    rebuildSavedViewsMenu();
}

void MainWindow::rebuildSavedViewsMenu()
{
    // The view actions live on the window too, so Alt+1…9 work with the menu closed.
    for (QAction* a : m_savedViewsMenu->actions())
        if (a->property("savedView").isValid())
            removeAction(a);
    m_savedViewsMenu->clear();
    QAction* save = m_savedViewsMenu->addAction(tr("&Save Current Filters as View…"));
    save->setObjectName(QStringLiteral("actionSaveView"));
    connect(save, &QAction::triggered, this, &MainWindow::saveCurrentView);
    QAction* paste = m_savedViewsMenu->addAction(tr("&Paste View…"));
    paste->setObjectName(QStringLiteral("actionPasteView"));
    paste->setStatusTip(tr("Add a view a colleague shared as a line of text (raglens-view:?…)"));
    connect(paste, &QAction::triggered, this, &MainWindow::pasteView);

    const QList<SavedView> views = storedViews();
    if (views.isEmpty()) {
        QAction* none = m_savedViewsMenu->addAction(tr("No saved views"));
        none->setEnabled(false);
        return;
    }
    m_savedViewsMenu->addSeparator();
    for (int i = 0; i < views.size(); ++i) {
        const SavedView v = views[i];
        QAction* a = m_savedViewsMenu->addAction(v.name);
        a->setObjectName(QStringLiteral("actionView_%1").arg(i + 1));
        a->setProperty("savedView", v.toText());
        a->setStatusTip(v.toText());
        if (i < 9)
            a->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, v] { applySavedView(v); });
        addAction(a);
    }
    m_savedViewsMenu->addSeparator();
    QMenu* copy = m_savedViewsMenu->addMenu(tr("&Copy View as Text"));
    QMenu* remove = m_savedViewsMenu->addMenu(tr("&Delete View"));
    for (int i = 0; i < views.size(); ++i) {
        const SavedView v = views[i];
        QAction* c = copy->addAction(v.name);
        c->setObjectName(QStringLiteral("actionCopyView_%1").arg(i + 1));
        connect(c, &QAction::triggered, this, [this, v] {
            QApplication::clipboard()->setText(v.toText());
            statusBar()->showMessage(tr("Copied the view \"%1\" as text.").arg(v.name), 4000);
        });
        QAction* d = remove->addAction(v.name);
        d->setObjectName(QStringLiteral("actionDeleteView_%1").arg(i + 1));
        connect(d, &QAction::triggered, this, [this, name = v.name] {
            QList<SavedView> all = storedViews();
            all.removeIf([&](const SavedView& x) { return x.name == name; });
            storeViews(all);
            rebuildSavedViewsMenu();
        });
    }
}

void MainWindow::saveCurrentView()
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save View"), tr("Name of the view:"),
                                               QLineEdit::Normal, QString(), &ok);
    if (!ok)
        return;
    auto view = SavedView::make(name, m_sessions->filterBar()->filterParams());
    if (!view) {
        reportError(tr("Cannot save the view"), view.error());
        return;
    }
    QList<SavedView> all = storedViews();
    all.removeIf([&](const SavedView& x) { return x.name == view->name; }); // replaced
    all.append(*view);
    storeViews(all);
    rebuildSavedViewsMenu();
    statusBar()->showMessage(tr("Saved the view \"%1\".").arg(view->name), 4000);
}

void MainWindow::pasteView()
{
    QString text = QApplication::clipboard()->text().trimmed();
    if (!text.startsWith(QLatin1String("raglens-view:"))) {
        bool ok = false;
        text = QInputDialog::getText(this, tr("Paste View"), tr("View text (raglens-view:?…):"),
                                     QLineEdit::Normal, QString(), &ok);
        if (!ok)
            return;
    }
    auto view = SavedView::fromText(text);
    if (!view) {
        reportError(tr("Cannot paste the view"), view.error());
        return;
    }
    QList<SavedView> all = storedViews();
    all.removeIf([&](const SavedView& x) { return x.name == view->name; });
    all.append(*view);
    storeViews(all);
    rebuildSavedViewsMenu();
    applySavedView(*view);
}

void MainWindow::applySavedView(const SavedView& view)
{
    const QStringList left = m_sessions->filterBar()->applyParams(view.filters);
    statusBar()->showMessage(
        left.isEmpty() ? tr("View \"%1\"").arg(view.name)
                       : tr("View \"%1\": the filter bar cannot show %2; use raglens-cli sessions "
                            "--view for them.")
                             .arg(view.name, left.join(QStringLiteral(", "))),
        6000);
}

} // namespace raglens::ui
