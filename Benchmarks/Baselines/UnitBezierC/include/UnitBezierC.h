// The browsers' cubic Bézier timing-function solver in C: a baseline for Kinetic's cubic.
#ifndef UNIT_BEZIER_C_H
#define UNIT_BEZIER_C_H

/// Number of x samples of the curve used for the initial guess (Chromium uses 11: t = 0, 0.1, …, 1).
#define UNIT_BEZIER_SPLINE_SAMPLES 11

/// A timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1), as WebKit's and Chromium's
/// `UnitBezier` / `gfx::CubicBezier` hold it: polynomial coefficients for Horner evaluation of
/// x(t) = ((ax t + bx) t + cx) t and y(t) likewise, and x sampled at 11 evenly spaced t.
typedef struct {
    double ax, bx, cx;
    double ay, by, cy;
    double splineSamples[UNIT_BEZIER_SPLINE_SAMPLES];
} UnitBezierC;

/// Fills the coefficients and the spline samples (x1 and x2 are expected in [0, 1]).
void unit_bezier_c_init(UnitBezierC *curve, double x1, double y1, double x2, double y2);

/// y at the given x in [0, 1]: t with |x(t) − x| < epsilon (the browsers pass 1e-7) by Newton's
/// method (at most 4 steps) from the spline-interpolated guess, bisection inside the sample
/// bracket if Newton does not converge, then y(t).
double unit_bezier_c_solve(const UnitBezierC *curve, double x, double epsilon);

#endif
