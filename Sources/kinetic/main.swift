import Kinetic
print(CubicTimingParameters.easeInOut.progress(at: 0.5))
