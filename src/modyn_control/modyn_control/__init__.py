"""Pure control laws plus the inverse_dynamics_feedforward and feedback_controller nodes."""

__version__ = "0.1.0"
