% Evader-Pursuer dual 8x8: evader (White) at (8,1), pursuer (Black, moving second) at (2,3).
% Depth: Shaik & van de Pol, SAT 2023, Table 2(e) (EP-d) plus Black's pass.
#boardsize
8 8
#init
white(8,1) black(2,3)
#depth
7
#blackgoal
black(xmin,ymin)
#whitegoal
white(xmin,ymin)
#blackturn
second
