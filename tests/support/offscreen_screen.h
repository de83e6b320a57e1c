#pragma once
// GUI tests on a screen of a chosen size. The window fits itself to its screen, and the
// offscreen platform's own screen (800×800) is smaller than a desktop: a test that lays out
// or photographs the window at desktop size asks for a screen of that size first.

#include <QSize>

namespace raglens::test {

/// Before the QApplication exists: when the offscreen platform is in use (or none is set),
/// gives it one screen of `size` at 96 DPI. Any other platform is left alone.
void useOffscreenScreen(const QSize& size);

} // namespace raglens::test

/// QTEST_MAIN on a screen of `width`×`height`.
#define RAGLENS_TEST_MAIN_ON_SCREEN(TestObject, width, height)                                     \
    int main(int argc, char** argv)                                                                \
    {                                                                                              \
        raglens::test::useOffscreenScreen(QSize(width, height));                                   \
        QApplication app(argc, argv);                                                              \
        TestObject tc;                                                                             \
        QTEST_SET_MAIN_SOURCE_PATH                                                                 \
        return QTest::qExec(&tc, argc, argv);                                                      \
    }
