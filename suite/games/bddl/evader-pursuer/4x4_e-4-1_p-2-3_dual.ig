% Evader-Pursuer dual 4x4: evader (White) at (4,1), pursuer (Black, moving second) at (2,3).
% Depth: Shaik & van de Pol, SAT 2023, Table 2(e) (EP-d) plus Black's pass.
#boardsize
4 4
#init
white(4,1) black(2,3)
#depth
11
#blackgoal
black(xmin,ymin)
#whitegoal
white(xmin,ymin)
#blackturn
second
