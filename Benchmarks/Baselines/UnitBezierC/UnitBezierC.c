// The browsers' cubic Bézier solver (WebKit's UnitBezier, Chromium's gfx::CubicBezier) written
// in plain C, so that Kinetic's cubic is measured against what clang makes of the C algorithm.
#include "UnitBezierC.h"
#include <math.h>

enum { kMaxNewtonSteps = 4 };
static const double kBezierEpsilon = 1e-7;

static inline double curve_x(const UnitBezierC *c, double t) { return ((c->ax * t + c->bx) * t + c->cx) * t; }
static inline double curve_y(const UnitBezierC *c, double t) { return ((c->ay * t + c->by) * t + c->cy) * t; }
static inline double curve_dx(const UnitBezierC *c, double t) { return (3.0 * c->ax * t + 2.0 * c->bx) * t + c->cx; }

void unit_bezier_c_init(UnitBezierC *c, double x1, double y1, double x2, double y2) {
    c->cx = 3.0 * x1;
    c->bx = 3.0 * (x2 - x1) - c->cx;
    c->ax = 1.0 - c->cx - c->bx;
    c->cy = 3.0 * y1;
    c->by = 3.0 * (y2 - y1) - c->cy;
    c->ay = 1.0 - c->cy - c->by;
    const double step = 1.0 / (UNIT_BEZIER_SPLINE_SAMPLES - 1);
    for (int i = 0; i < UNIT_BEZIER_SPLINE_SAMPLES; i++) c->splineSamples[i] = curve_x(c, i * step);
}

static double solve_curve_x(const UnitBezierC *c, double x, double epsilon) {
    const double step = 1.0 / (UNIT_BEZIER_SPLINE_SAMPLES - 1);
    double lo = 0.0, hi = 0.0, t = x;
    // Initial guess: linear interpolation between the two samples around x.
    for (int i = 1; i < UNIT_BEZIER_SPLINE_SAMPLES; i++) {
        if (x <= c->splineSamples[i]) {
            hi = step * i;
            lo = hi - step;
            t = lo + (hi - lo) * (x - c->splineSamples[i - 1]) / (c->splineSamples[i] - c->splineSamples[i - 1]);
            break;
        }
    }
    const double newtonEpsilon = epsilon < kBezierEpsilon ? epsilon : kBezierEpsilon;
    double err = 0.0;
    for (int i = 0; i < kMaxNewtonSteps; i++) {
        err = curve_x(c, t) - x;
        if (fabs(err) < newtonEpsilon) return t;
        double d = curve_dx(c, t);
        if (fabs(d) < kBezierEpsilon) break;
        t -= err / d;
    }
    if (fabs(err) < epsilon) return t;
    // Bisection inside the sample bracket, for reliability.
    while (lo < hi) {
        double xt = curve_x(c, t);
        if (fabs(xt - x) < epsilon) return t;
        if (x > xt) lo = t; else hi = t;
        t = (lo + hi) * 0.5;
    }
    return t;
}

double unit_bezier_c_solve(const UnitBezierC *c, double x, double epsilon) {
    return curve_y(c, solve_curve_x(c, x, epsilon));
}
